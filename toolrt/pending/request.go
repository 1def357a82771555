package pending

// This file is a request's shape and its reads: one row of the requests table, listed or
// fetched by id.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"time"
)

// State is where a request stands. Only pending moves, and only once: to sending (a confirmer
// claimed it), rejected, expired or refused; sending moves once more, to sent (or refused when
// its audit record could not be written). A sending request whose confirm died is moved by an
// operator's Resolve to sent or unsent, and only an explicit Reopen makes an unsent one
// pending again.
type State string

// The states of a request.
const (
	Pending  State = "pending"  // waiting for a person
	Sending  State = "sending"  // a confirmer claimed it; its outcome is not recorded yet
	Sent     State = "sent"     // confirmed and sent once; Outcome says what came back
	Rejected State = "rejected" // a person said no; never sent
	Expired  State = "expired"  // nobody confirmed it in time; never sent
	Refused  State = "refused"  // the stored write no longer checks out (hash, tool); never sent
	Unsent   State = "unsent"   // claimed, and an operator checked that it was not sent; final unless reopened
)

// ModelText is one free-text argument the model wrote (a note, a reason): shown to the reviewer
// as the model's words, not the user's.
type ModelText struct {
	Path  string `json:"path"` // e.g. input.userNotes
	Value string `json:"value"`
}

// Request is one deferred write.
type Request struct {
	ID        string
	Key       string // idempotency key: the run, the tool and the arguments other than ModelText
	Run       string // the run or MCP session that proposed it
	Tool      string
	Operation string // the catalog's exact document, for display
	Endpoint  string // where the proposer would have sent it
	Body      []byte // the exact request body to send
	BodySHA   string // hex SHA-256 of Body, taken when it was proposed
	Variables json.RawMessage
	ModelText []ModelText
	User      string // who proposed it ("" anonymous): the proposing process's own login
	Role      string
	// Caller is the authenticated caller the proposer acted for (issuer#subject, an MCP
	// server's OAuth caller): whose model asked for the write when User is a server's shared
	// login. "" without authentication, and for a request recorded before the store kept it.
	Caller string
	// Catalog is the digest of the catalog it was proposed under ("sha256:<hex>") and
	// CatalogSource where that catalog came from ("embedded" or an absolute path); both ""
	// for a request recorded before the store kept them.
	Catalog       string
	CatalogSource string
	State         State
	Created       time.Time
	Expires       time.Time
	DecidedBy     string // who confirmed, rejected or (for expiry) noticed it
	Decided       time.Time
	Outcome       string // exec's outcome of the send, or why nothing was sent
	Status        int    // HTTP status of the send
	Result        string // the API's bounded answer to the send
	Reason        string // why it was refused
}

// ErrNotFound is returned for an id the store does not hold.
var ErrNotFound = errors.New("no such request")

// columns quotes "user", a reserved word in PostgreSQL (a bare user is the session's role name there).
const columns = `id, idem_key, run, tool, operation, endpoint, body, body_sha, variables, model_text, "user", role,
	state, created_at, expires_at, decided_by, decided_at, outcome, status, result, reason, catalog, catalog_source, caller`

type rowScanner interface{ Scan(dest ...any) error }

func scan(r rowScanner) (*Request, error) {
	var q Request
	var vars, text string
	var created, expires, decided int64
	err := r.Scan(&q.ID, &q.Key, &q.Run, &q.Tool, &q.Operation, &q.Endpoint, &q.Body, &q.BodySHA, &vars, &text,
		&q.User, &q.Role, &q.State, &created, &expires, &q.DecidedBy, &decided, &q.Outcome, &q.Status, &q.Result, &q.Reason,
		&q.Catalog, &q.CatalogSource, &q.Caller)
	if err != nil {
		return nil, err
	}
	if err := q.wellFormed(); err != nil {
		return nil, err
	}
	q.Variables = json.RawMessage(vars)
	if err := json.Unmarshal([]byte(text), &q.ModelText); err != nil {
		return nil, fmt.Errorf("request %s: model_text column: %w", q.ID, err)
	}
	q.Created, q.Expires = time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC()
	if decided != 0 {
		q.Decided = time.UnixMilli(decided).UTC()
	}
	return &q, nil
}

// Get returns the request with this id, or ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (*Request, error) {
	return get(ctx, s.db, id)
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func get(ctx context.Context, q querier, id string) (*Request, error) {
	r, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM requests WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("request %q: %w; `agent pending` lists the ids", id, ErrNotFound)
	}
	return r, err
}

// List returns every request, oldest first.
func (s *Store) List(ctx context.Context) ([]*Request, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM requests ORDER BY created_at, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Request
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// StateAt is the state as a person should read it at now: a pending request past its expiry is
// expired even before anyone has recorded that.
func (r *Request) StateAt(now time.Time) State {
	if r.State == Pending && !now.Before(r.Expires) {
		return Expired
	}
	return r.State
}

// Event is one line of a request's history.
type Event struct {
	At     time.Time
	Event  string // proposed, retried, claimed, sent, rejected, expired, refused, restored, resolved, reopened
	Actor  string
	Detail string
}

// Events returns a request's history, oldest first.
func (s *Store) Events(ctx context.Context, id string) ([]Event, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT at, event, actor, detail FROM events WHERE request_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanEvents(rows)
}

func scanEvents(rows *sql.Rows) ([]Event, error) {
	var out []Event
	for rows.Next() {
		var e Event
		var at int64
		if err := rows.Scan(&at, &e.Event, &e.Actor, &e.Detail); err != nil {
			return nil, err
		}
		e.At = time.UnixMilli(at).UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

func event(ctx context.Context, tx *txn, id string, at time.Time, what, actor, detail string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO events (request_id, at, event, actor, detail) VALUES (?, ?, ?, ?, ?)`,
		id, at.UnixMilli(), what, actor, detail)
	return err
}

var (
	idPattern      = regexp.MustCompile(`^req-[a-z0-9]{1,40}$`)
	shaPattern     = regexp.MustCompile(`^[0-9a-f]{64}$`)
	catalogPattern = regexp.MustCompile(`^(sha256:[0-9a-f]{64})?$`)
)

// wellFormed refuses a row this program did not write: the id, hash and state are printed as
// they are, so a store edited by hand must not smuggle terminal escapes through them.
func (q *Request) wellFormed() error {
	switch {
	case !idPattern.MatchString(q.ID):
		return fmt.Errorf("a request id %q is not one this program writes; the store was edited by hand", q.ID)
	case !shaPattern.MatchString(q.BodySHA):
		return fmt.Errorf("request %s: body hash %q is not 64 hex digits; the store was edited by hand", q.ID, q.BodySHA)
	case !catalogPattern.MatchString(q.Catalog):
		return fmt.Errorf("request %s: catalog digest %q is not sha256: and 64 hex digits; the store was edited by hand", q.ID, q.Catalog)
	}
	switch q.State {
	case Pending, Sending, Sent, Rejected, Expired, Refused, Unsent:
		return nil
	}
	return fmt.Errorf("request %s: unknown state %q; the store was edited by hand", q.ID, q.State)
}
