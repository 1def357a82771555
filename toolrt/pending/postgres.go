package pending

// This file opens a PostgreSQL store: the database replicas share (-store postgres://…). Its
// migrations mirror the SQLite ones step for step, so a schema version means the same tables in
// both; a test checks they stay the same length.

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// IsURL reports whether a store location names a PostgreSQL database rather than a file.
func IsURL(location string) bool {
	return strings.HasPrefix(location, "postgres://") || strings.HasPrefix(location, "postgresql://")
}

// misspeltURL reports a location meant as a URL that IsURL does not accept (mysql://…,
// postgres//… or postgres:/… missing a character), with its start, which holds no password.
func misspeltURL(location string) (start string, ok bool) {
	lower := strings.ToLower(location)
	for _, p := range []string{"postgres:", "postgresql:", "postgres//", "postgresql//"} {
		if strings.HasPrefix(lower, p) {
			return location[:len(p)], true
		}
	}
	if i := strings.Index(location, "://"); i > 0 && !strings.ContainsAny(location[:i], "/\\") {
		return location[:i+3], true
	}
	return "", false
}

// Redacted is a store location fit to print: a URL's password replaced by xxxxx.
func Redacted(location string) string {
	if !IsURL(location) {
		return location
	}
	u, err := url.Parse(location)
	if err != nil {
		return "postgres://(a URL that does not parse)"
	}
	return u.Redacted()
}

// openPostgres connects through a pgx pool and migrates. Nothing is cached in this process
// beyond the pool: every read and decision goes to the database, which replicas share.
func openPostgres(dsn string) (*Store, error) {
	where := Redacted(dsn)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		// pgx's message may quote the URL, password included: name it by its redacted form only.
		return nil, fmt.Errorf("pending store %s: not a PostgreSQL URL pgx can read; write it as postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=…", where)
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("pending store %s: %w", where, err)
	}
	db := stdlib.OpenDBFromPool(pool)
	s, err := openDB(db, postgres, where)
	if err != nil {
		pool.Close()
		return nil, unreachable(err, where)
	}
	s.closeExtra = pool.Close
	return s, nil
}

// unreachable says why the database did not let us in, on one line, and what to check. pgx's
// own message lists every address it tried on lines of their own, which reached people as one
// line of escaped line breaks and no way forward.
func unreachable(err error, where string) error {
	var ce *pgconn.ConnectError
	if !errors.As(err, &ce) {
		return err
	}
	why := strings.SplitN(ce.Error(), "\n", 2)[0]
	var op *net.OpError
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe):
		why = pe.Message // the server's own reason: a password refused, no such database
	case errors.As(err, &op):
		why = op.Error()
	}
	return fmt.Errorf("pending store %s: cannot connect: %s; check that PostgreSQL runs there and accepts this URL's host, port, user, password and database, or pass -store FILE for a SQLite file", where, why)
}

// pgMigrations are migrations in PostgreSQL's types: BIGINT milliseconds, BYTEA bodies, an
// identity column for the events' order, "user" quoted.
var pgMigrations = []string{
	`CREATE TABLE requests (
		id          TEXT PRIMARY KEY,
		idem_key    TEXT NOT NULL UNIQUE,
		run         TEXT NOT NULL,
		tool        TEXT NOT NULL,
		operation   TEXT NOT NULL,
		endpoint    TEXT NOT NULL,
		body        BYTEA NOT NULL,
		body_sha    TEXT NOT NULL,
		variables   TEXT NOT NULL,
		model_text  TEXT NOT NULL,
		"user"      TEXT NOT NULL,
		role        TEXT NOT NULL,
		state       TEXT NOT NULL,
		created_at  BIGINT NOT NULL,
		expires_at  BIGINT NOT NULL,
		decided_by  TEXT NOT NULL DEFAULT '',
		decided_at  BIGINT NOT NULL DEFAULT 0,
		outcome     TEXT NOT NULL DEFAULT '',
		status      INTEGER NOT NULL DEFAULT 0,
		result      TEXT NOT NULL DEFAULT '',
		reason      TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX requests_state ON requests(state, created_at);
	CREATE TABLE events (
		seq        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		request_id TEXT NOT NULL,
		at         BIGINT NOT NULL,
		event      TEXT NOT NULL,
		actor      TEXT NOT NULL,
		detail     TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX events_request ON events(request_id, seq);`,
	`ALTER TABLE requests ADD COLUMN catalog TEXT NOT NULL DEFAULT '';
	ALTER TABLE requests ADD COLUMN catalog_source TEXT NOT NULL DEFAULT '';`,
	`CREATE INDEX events_kind ON events(request_id, event, seq);`,
	ceilingsTable,
	callerColumn,
}
