package pending

// This file records proposals. A retry of the same write in the same run (same idempotency
// key, same body) returns the request already recorded; the same key with another body is a
// conflict, and nothing new is recorded.

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Proposal is a write to record instead of sending.
type Proposal struct {
	Key       string // idempotency key; required
	Run       string
	Tool      string
	Operation string
	Endpoint  string
	Body      []byte
	Variables json.RawMessage
	ModelText []ModelText
	User      string
	Role      string
	// Caller is the authenticated caller the proposer acted for (an MCP server's OAuth
	// caller, issuer#subject); it is recorded in the request (Request.Caller) and named in the
	// proposal's history. "" when none. The store matches retries by Key alone: the
	// proposer puts the caller in it (toolrt's key hashes the run and the caller).
	Caller string
	// Catalog is the proposer's catalog digest ("sha256:<hex>") and CatalogSource where it came
	// from ("embedded" or an absolute path); "" when the proposer did not say.
	Catalog       string
	CatalogSource string
	TTL           time.Duration // 0: DefaultTTL
	Now           time.Time     // zero: time.Now()
}

// ConflictError is a proposal whose key is already recorded with another body.
type ConflictError struct{ ID string }

func (e *ConflictError) Error() string {
	return fmt.Sprintf("request %s already holds another write under the same key", e.ID)
}

// Propose records p as a pending request and reports whether it is new. A retry (same key, same
// body) returns the recorded request whatever its state, with created false.
func (s *Store) Propose(ctx context.Context, p Proposal) (*Request, bool, error) {
	if p.Key == "" || p.Tool == "" || len(p.Body) == 0 {
		return nil, false, errors.New("pending: a proposal needs a key, a tool and a body")
	}
	now, ttl := p.Now, p.TTL
	if now.IsZero() {
		now = time.Now()
	}
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	sha := bodySHA(p.Body)
	var out *Request
	created := false
	err := s.tx(ctx, func(tx *txn) error {
		old, err := byKey(ctx, tx, p.Key)
		if err != nil {
			return err
		}
		if old != nil {
			if old.BodySHA != sha {
				return &ConflictError{ID: old.ID}
			}
			out = old
			return event(ctx, tx, old.ID, now, "retried", p.User, "the same write proposed again in run "+p.Run)
		}
		id := newID()
		if err := insert(ctx, tx, id, sha, p, now, now.Add(ttl)); err != nil {
			return err
		}
		created = true
		note := "run " + p.Run
		if p.Caller != "" {
			note += ", for caller " + p.Caller
		}
		if err := event(ctx, tx, id, now, "proposed", p.User, note); err != nil {
			return err
		}
		out, err = get(ctx, tx, id)
		return err
	})
	return out, created, err
}

func byKey(ctx context.Context, tx *txn, key string) (*Request, error) {
	r, err := scan(tx.QueryRowContext(ctx, `SELECT `+columns+` FROM requests WHERE idem_key = ?`, key))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

func insert(ctx context.Context, tx *txn, id, sha string, p Proposal, created, expires time.Time) error {
	text, err := json.Marshal(p.ModelText)
	if err != nil {
		return err
	}
	if p.ModelText == nil {
		text = []byte("[]")
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO requests (id, idem_key, run, tool, operation, endpoint, body, body_sha,
		variables, model_text, "user", role, state, created_at, expires_at, catalog, catalog_source, caller)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, p.Key, p.Run, p.Tool, p.Operation, p.Endpoint, p.Body, sha, string(p.Variables), string(text),
		p.User, p.Role, string(Pending), created.UnixMilli(), expires.UnixMilli(), p.Catalog, p.CatalogSource, p.Caller)
	return err
}

// newID is a short random id a person can type: "req-" and ten base32 letters and digits
// (50 bits, so guessing one is hopeless and collisions are not a concern at this scale).
func newID() string {
	return "req-" + strings.ToLower(rand.Text()[:10])
}
