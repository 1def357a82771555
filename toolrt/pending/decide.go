package pending

// This file holds the decisions on a request. Each is one transaction whose UPDATE names the
// state it moves from, so a request is claimed, rejected or expired once however many processes
// try at the same moment.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/catalog"
)

// Why a claim gives no right to send. The request that comes back with them says more.
var (
	// ErrDecided: the request is no longer pending (sent, sending, rejected, expired, refused).
	ErrDecided = errors.New("the request was already decided")
	// ErrExpired: the request was still pending but its time ran out; it is now expired.
	ErrExpired = errors.New("the request expired before it was confirmed")
	// ErrTampered: the stored body no longer matches its hash, or is not the body the caller
	// checked; the request is now refused.
	ErrTampered = errors.New("the stored body does not match the body that was proposed")
	// ErrClaimedBefore: the request reads pending, but its history holds a claim or a send since
	// it was last reopened, so its state was set back by hand (or by a restored backup). It is
	// not sent again: its state is restored from the history (sending, or sent), where `agent
	// stuck` and `agent resolve` find it.
	ErrClaimedBefore = errors.New("the request's history shows it was already claimed for sending")
)

// Claim takes the one right to send request id. body is the stored body exactly as the caller
// read and checked it: the claim succeeds only if the request is pending, not expired at now,
// and its stored body is still those bytes with the hash recorded when it was proposed. On
// success the request is in state sending and the caller must send body once and call Finish.
//
// Otherwise nothing may be sent: ErrDecided (another decision came first; the returned request
// holds it), ErrExpired or ErrTampered (the request has just been moved to expired or refused).
func (s *Store) Claim(ctx context.Context, id string, body []byte, actor string, now time.Time) (*Request, error) {
	var out *Request
	var why error
	err := s.tx(ctx, func(tx *txn) error {
		r, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		out = r
		if r.State != Pending {
			why = ErrDecided
			return nil
		}
		if why, err = restoreClaimed(ctx, tx, r, actor, now); why != nil || err != nil {
			return err
		}
		switch {
		case !now.Before(r.Expires):
			why = ErrExpired
			return settle(ctx, tx, r, Expired, actor, now, "expired at "+r.Expires.Format(time.RFC3339))
		case bodySHA(r.Body) != r.BodySHA || !bytes.Equal(r.Body, body):
			why = ErrTampered
			return settle(ctx, tx, r, Refused, actor, now, ErrTampered.Error())
		}
		return claim(ctx, tx, r, actor, now)
	})
	if err != nil {
		return nil, err
	}
	if why != nil {
		if fresh, gerr := s.Get(ctx, id); gerr == nil {
			out = fresh
		}
		return out, why
	}
	return out, nil
}

// bodySHA is the body's hash as the store keeps it: catalog.FileDigest's hex without "sha256:".
func bodySHA(body []byte) string { return strings.TrimPrefix(catalog.FileDigest(body), "sha256:") }

// claim moves pending to sending; the WHERE clause repeats every check, the history's included,
// so the row changes only if nothing moved since it was read.
func claim(ctx context.Context, tx *txn, r *Request, actor string, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE requests SET state = ?, decided_by = ?, decided_at = ?
		WHERE id = ? AND state = ? AND expires_at > ? AND body_sha = ? AND body = ? AND NOT EXISTS (`+claimedSinceReopened+`)`,
		string(Sending), actor, now.UnixMilli(), r.ID, string(Pending), now.UnixMilli(), r.BodySHA, r.Body)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("request %s changed while it was being claimed; run the command again", r.ID)
	}
	r.State, r.DecidedBy, r.Decided = Sending, actor, now.UTC()
	return event(ctx, tx, r.ID, now, "claimed", actor, "body sha256:"+r.BodySHA)
}

// settle moves a pending request to a final state that sent nothing; never one whose history
// holds a claim.
func settle(ctx context.Context, tx *txn, r *Request, to State, actor string, now time.Time, reason string) error {
	res, err := tx.ExecContext(ctx, `UPDATE requests SET state = ?, decided_by = ?, decided_at = ?, outcome = 'not_sent', reason = ?
		WHERE id = ? AND state = ? AND NOT EXISTS (`+claimedSinceReopened+`)`, string(to), actor, now.UnixMilli(), reason, r.ID, string(Pending))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("request %s changed while it was being decided; run the command again", r.ID)
	}
	return event(ctx, tx, r.ID, now, string(to), actor, reason)
}

// Outcome is what came back from sending a claimed request.
type Outcome struct {
	Outcome string // exec's outcome: ok, graphql_errors, unknown, ...
	Status  int
	Result  string // the bounded answer
}

// Finish records the outcome of a claimed request's one send: sending becomes sent.
func (s *Store) Finish(ctx context.Context, id, actor string, o Outcome, now time.Time) error {
	return s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE requests SET state = ?, outcome = ?, status = ?, result = ?
			WHERE id = ? AND state = ?`, string(Sent), o.Outcome, o.Status, o.Result, id, string(Sending))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("request %s was not being sent; its outcome %s was not recorded", id, o.Outcome)
		}
		return event(ctx, tx, id, now, "sent", actor, fmt.Sprintf("outcome %s, HTTP %d", o.Outcome, o.Status))
	})
}

// Reject records a person's no. Only a pending request can be rejected; otherwise the returned
// request holds the decision that came first, with ErrDecided (or ErrExpired for one whose time
// ran out, which is recorded as expired).
func (s *Store) Reject(ctx context.Context, id, actor, reason string, now time.Time) (*Request, error) {
	return s.decide(ctx, id, Rejected, actor, reason, now)
}

// Refuse records that a pending request failed a check outside the store (its tool is gone from
// the catalog, its body no longer fits the tool) and so will never be sent.
func (s *Store) Refuse(ctx context.Context, id, actor, reason string, now time.Time) (*Request, error) {
	return s.decide(ctx, id, Refused, actor, reason, now)
}

func (s *Store) decide(ctx context.Context, id string, to State, actor, reason string, now time.Time) (*Request, error) {
	var why error
	err := s.tx(ctx, func(tx *txn) error {
		r, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		if r.State != Pending {
			why = ErrDecided
			return nil
		}
		if why, err = restoreClaimed(ctx, tx, r, actor, now); why != nil || err != nil {
			return err
		}
		if !now.Before(r.Expires) {
			why = ErrExpired
			return settle(ctx, tx, r, Expired, actor, now, "expired at "+r.Expires.Format(time.RFC3339))
		}
		return settle(ctx, tx, r, to, actor, now, reason)
	})
	if err != nil {
		return nil, err
	}
	r, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return r, why
}

// Abort records that a claimed request was not sent after all (its "sending" audit record
// could not be written): sending becomes refused, and it will never be sent.
func (s *Store) Abort(ctx context.Context, id, actor, reason string, now time.Time) error {
	return s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE requests SET state = ?, outcome = 'not_sent', reason = ?
			WHERE id = ? AND state = ?`, string(Refused), reason, id, string(Sending))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("request %s was not being sent; nothing recorded", id)
		}
		return event(ctx, tx, id, now, string(Refused), actor, reason)
	})
}
