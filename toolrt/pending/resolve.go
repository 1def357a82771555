package pending

// This file is the way out of sending for a request whose confirm died between its claim and
// its outcome: the write may or may not have reached the API, so no program can decide. An
// operator checks the data and records what happened, with a note; a request found not sent
// becomes confirmable again only through a separate, explicit Reopen.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// SettleAfter is how long after its claim a sending request may be resolved. A confirm gives
// up its send before then (cmd/agent bounds it to half of this), so once it has passed no live
// confirm of this program can still be sending the write.
const SettleAfter = 2 * time.Minute

// Errors of Resolve and Reopen; nothing changed.
var (
	// ErrNotSending: Resolve of a request that is not in sending.
	ErrNotSending = errors.New("the request is not being sent")
	// ErrTooSoon: the claim is younger than SettleAfter; its confirm may still be sending it.
	ErrTooSoon = errors.New("the request was claimed too recently to be resolved")
	// ErrNotUnsent: Reopen of a request that an operator has not resolved as not sent.
	ErrNotUnsent = errors.New("only a request resolved as not sent can be reopened")
)

// Resolve records an operator's finding about a request stuck in sending: sent (the write is in
// the API's data; the request becomes sent, outcome "resolved") or not (it becomes unsent). The
// note says what was checked; it is required, and kept as the reason and in a "resolved"
// event. The returned request is the one read, or the one changed.
func (s *Store) Resolve(ctx context.Context, id string, sent bool, actor, note string, now time.Time) (*Request, error) {
	note = strings.TrimSpace(note)
	if note == "" {
		return nil, errors.New("pending: a resolution needs a note saying what was checked")
	}
	to, outcome, said := Unsent, "not_sent", "not sent"
	if sent {
		to, outcome, said = Sent, "resolved", "sent"
	}
	return s.move(ctx, id, func(r *Request) error {
		switch {
		case r.State != Sending:
			return fmt.Errorf("request %s is %s: %w; nothing changed", r.ID, r.State, ErrNotSending)
		case now.Sub(r.Decided) < SettleAfter:
			return fmt.Errorf("request %s was claimed %s ago: %w (a confirm may still be sending it); resolve it after %s",
				r.ID, now.Sub(r.Decided).Round(time.Second), ErrTooSoon, r.Decided.Add(SettleAfter).Format(time.RFC3339))
		}
		return nil
	}, func(tx *sql.Tx, r *Request) (sql.Result, error) {
		return tx.ExecContext(ctx, `UPDATE requests SET state = ?, outcome = ?, reason = ? WHERE id = ? AND state = ? AND decided_at <= ?`,
			string(to), outcome, "marked "+said+" by "+actor+": "+note, r.ID, string(Sending), now.Add(-SettleAfter).UnixMilli())
	}, "resolved", actor, said+": "+note, now)
}

// Reopen makes a request resolved as not sent pending again, waiting ttl (0: DefaultTTL) for a
// confirm that rechecks everything a first confirm does. The note is required. The "reopened"
// event is what lets a claim pass the history check again.
func (s *Store) Reopen(ctx context.Context, id, actor, note string, ttl time.Duration, now time.Time) (*Request, error) {
	note = strings.TrimSpace(note)
	if note == "" {
		return nil, errors.New("pending: reopening needs a note saying why")
	}
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	return s.move(ctx, id, func(r *Request) error {
		if r.State != Unsent {
			return fmt.Errorf("request %s is %s: %w; nothing changed", r.ID, r.State, ErrNotUnsent)
		}
		return nil
	}, func(tx *sql.Tx, r *Request) (sql.Result, error) {
		return tx.ExecContext(ctx, `UPDATE requests SET state = ?, expires_at = ?, decided_by = '', decided_at = 0, outcome = '', reason = ''
			WHERE id = ? AND state = ?`, string(Pending), now.Add(ttl).UnixMilli(), r.ID, string(Unsent))
	}, "reopened", actor, note, now)
}

// move is one operator's step in one transaction: read, check, a conditional UPDATE that
// repeats the check, and the event. A failed check returns the request as read with its error.
func (s *Store) move(ctx context.Context, id string, check func(*Request) error, update func(*sql.Tx, *Request) (sql.Result, error),
	what, actor, detail string, now time.Time) (*Request, error) {
	var why error
	var read *Request
	err := s.tx(ctx, func(tx *sql.Tx) error {
		r, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		read = r
		if why = check(r); why != nil {
			return nil
		}
		res, err := update(tx, r)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("request %s changed while it was being %s; run the command again", r.ID, what)
		}
		return event(ctx, tx, r.ID, now, what, actor, detail)
	})
	switch {
	case err != nil:
		return nil, err
	case why != nil:
		return read, why
	}
	return s.Get(ctx, id)
}
