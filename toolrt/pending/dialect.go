package pending

// This file is what differs between the store's two databases: SQLite (one file, the embedded
// default) and PostgreSQL (shared by replicas). Every query and every decision is written once,
// in SQLite's spelling; a dialect rewrites the placeholders for PostgreSQL and makes its write
// transactions behave as SQLite's immediate ones do: one writer at a time, which reads the
// state the previous writer committed. So the conditional updates (…WHERE state = 'pending')
// and the checks before them mean the same thing on both, and a rule added to one is the other's.

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// dialect is one database's spelling of the store.
type dialect struct {
	name       string
	migrations []string
	// lock, when set, is run first in every write transaction: PostgreSQL's transaction-level
	// advisory lock, held until commit, so write transactions run one after another.
	lock string
	// dollar rewrites ? placeholders as $1, $2, … (PostgreSQL's).
	dollar bool
}

var sqlite = &dialect{name: "sqlite", migrations: migrations}

// storeLockKey is the advisory lock every PostgreSQL write transaction of the store takes; any
// fixed 64-bit number no other program on the database uses ("toolgen" in ASCII).
const storeLockKey = 0x746f6f6c67656e

var postgres = &dialect{
	name:       "postgres",
	migrations: pgMigrations,
	lock:       "SELECT pg_advisory_xact_lock(" + strconv.Itoa(storeLockKey) + ")",
	dollar:     true,
}

// rebind rewrites a query for the dialect: ? outside string literals becomes $n.
func (d *dialect) rebind(q string) string {
	if !d.dollar || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	n, quoted := 0, false
	for _, r := range q {
		switch {
		case r == '\'':
			quoted = !quoted
		case r == '?' && !quoted:
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// conn is the store's database in its dialect; tx one transaction. Both take queries in
// SQLite's spelling.
type conn struct {
	*sql.DB
	d *dialect
}

type txn struct {
	*sql.Tx
	d *dialect
}

func (c conn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return c.DB.ExecContext(ctx, c.d.rebind(q), args...)
}

func (c conn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return c.DB.QueryContext(ctx, c.d.rebind(q), args...)
}

func (c conn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return c.DB.QueryRowContext(ctx, c.d.rebind(q), args...)
}

// Exec and QueryRow are for tests, which edit a store by hand in either database.
func (c conn) Exec(q string, args ...any) (sql.Result, error) {
	return c.ExecContext(context.Background(), q, args...)
}

func (c conn) QueryRow(q string, args ...any) *sql.Row {
	return c.QueryRowContext(context.Background(), q, args...)
}

func (t *txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.Tx.ExecContext(ctx, t.d.rebind(q), args...)
}

func (t *txn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.Tx.QueryContext(ctx, t.d.rebind(q), args...)
}

func (t *txn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return t.Tx.QueryRowContext(ctx, t.d.rebind(q), args...)
}
