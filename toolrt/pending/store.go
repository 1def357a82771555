// Package pending is the durable store of deferred writes: a write that needs a person's
// confirmation is recorded here by the process that proposed it (an MCP server or the agent
// loop under -approve defer) and sent later, at most once, by a separate confirming process.
// It also counts the calls of windowed ceilings (ceilings.go), so replicas sharing a store
// share their ceilings.
//
// The embedded default is one SQLite file through a pure-Go driver: no server, safe across
// processes. WAL lets a reader list requests while a proposer writes; the busy timeout makes a
// second writer wait instead of failing; every state change is one conditional UPDATE (…WHERE
// state = 'pending'), so of two confirmers racing on one request exactly one wins the right to
// send. A postgres:// URL opens a PostgreSQL database instead (through pgx), for replicas that
// share one store: the same queries and decisions, one writer at a time (dialect.go).
//
//	st, err := pending.Open(pending.DefaultPath()) // or "postgres://host/db"
//	req, created, err := st.Propose(ctx, pending.Proposal{...})
//	claim, err := st.Claim(ctx, req.ID, "user", time.Now()) // only one caller ever gets a claim
//	err = st.Finish(ctx, claim, pending.Outcome{...})
package pending

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/toolgen/toolgen/internal/nolink"

	_ "modernc.org/sqlite" // registers the "sqlite" driver: pure Go, no cgo, no server
)

// DefaultTTL is how long a request waits for a confirmation before it expires.
const DefaultTTL = 10 * time.Minute

// busyTimeout is how long a write waits for another process's write transaction to end.
const busyTimeout = 10 * time.Second

// Store is one open store file. It is safe for concurrent use and for use by several processes
// at once.
type Store struct {
	db   conn
	path string // the file, or the URL without its password
	// closeExtra closes what the database handle does not own (PostgreSQL's pgx pool).
	closeExtra func()
	ceilings
}

// DefaultPath is where the store lives when nothing names it: under the user's configuration
// directory, not the working directory, because an MCP host starts its server in a directory of
// its own choosing and the confirming terminal must still find the same file. It falls back to
// the working directory when the system has no configuration directory.
func DefaultPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "toolgen-pending.db"
	}
	return filepath.Join(dir, "toolgen", "pending.db")
}

// Open opens the store at path, creating the file (readable by its owner only) and its folder
// when missing, and migrates the schema to the current version. A postgres:// or
// postgresql:// URL opens that PostgreSQL database instead (openPostgres).
func Open(path string) (*Store, error) {
	if IsURL(path) {
		return openPostgres(path)
	}
	if path == "" {
		return nil, errors.New("pending store: empty path; name the store file (DefaultPath is the usual one)")
	}
	if scheme, ok := misspeltURL(path); ok {
		// Read as a file path it made folders named like the URL and a SQLite file in them.
		return nil, fmt.Errorf("pending store %s…: a store is a SQLite file (a path) or a postgres:// URL, and this is neither; write postgres://USER:PASSWORD@HOST/DB (with :// after postgres) or a file path (-store, or store: in agent.yaml)", scheme)
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return nil, fmt.Errorf("pending store %s is a folder; name a file in it, such as %s (-store, or store: in agent.yaml)", path, filepath.Join(path, "pending.db"))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("pending store %s: %w", path, err)
	}
	if err := touch(path); errors.Is(err, nolink.ErrLink) {
		return nil, fmt.Errorf("pending store: %w (-store, or store: in agent.yaml)", err)
	} else if err != nil {
		return nil, fmt.Errorf("pending store %s: %w", path, err)
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("pending store %s: %w", path, err)
	}
	return openDB(db, sqlite, path)
}

// openDB migrates db and returns the store; where names it in errors.
func openDB(db *sql.DB, d *dialect, where string) (*Store, error) {
	s := &Store{db: conn{db, d}, path: where}
	if err := s.migrate(context.Background()); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("pending store %s: %w", where, err)
	}
	return s, nil
}

// dsn sets the pragmas on every connection the pool opens: WAL for readers beside a writer,
// the busy timeout for writers in other processes, and immediate transactions so a
// read-then-write transaction takes the write lock up front instead of failing halfway.
func dsn(path string) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_txlock", "immediate")
	return "file:" + filepath.ToSlash(path) + "?" + q.Encode()
}

// touch creates the file with mode 0600 before SQLite does, which would use 0644. A symbolic
// link at path is refused (nolink): agent.yaml in a checked-out repository can name the store,
// and SQLite would follow a committed link to create or write a database elsewhere.
func touch(path string) error {
	f, err := nolink.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}

// Path is the file the store was opened from, or its URL without the password.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error {
	err := s.db.Close()
	if s.closeExtra != nil {
		s.closeExtra()
	}
	return err
}

// Ping reports whether the store answers, for a server's readiness.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// tx runs fn in one write transaction (immediate in SQLite, under the store's lock in
// PostgreSQL), committing when fn returns nil.
func (s *Store) tx(ctx context.Context, fn func(*txn) error) error {
	sqltx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx := &txn{sqltx, s.db.d}
	if s.db.d.lock != "" {
		if _, err := tx.ExecContext(ctx, s.db.d.lock); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
