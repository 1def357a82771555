package pending

// This file migrates the store's schema. Each migration runs once, in order, in the same
// transaction that records its number in schema_version, so two processes opening a new file
// at once cannot both apply it.

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are the schema's steps in SQLite; append, never edit one that has shipped, and
// append its PostgreSQL spelling to pgMigrations.
var migrations = []string{
	`CREATE TABLE requests (
		id          TEXT PRIMARY KEY,
		idem_key    TEXT NOT NULL UNIQUE,
		run         TEXT NOT NULL,
		tool        TEXT NOT NULL,
		operation   TEXT NOT NULL,
		endpoint    TEXT NOT NULL,
		body        BLOB NOT NULL,
		body_sha    TEXT NOT NULL,
		variables   TEXT NOT NULL,
		model_text  TEXT NOT NULL,
		user        TEXT NOT NULL,
		role        TEXT NOT NULL,
		state       TEXT NOT NULL,
		created_at  INTEGER NOT NULL,
		expires_at  INTEGER NOT NULL,
		decided_by  TEXT NOT NULL DEFAULT '',
		decided_at  INTEGER NOT NULL DEFAULT 0,
		outcome     TEXT NOT NULL DEFAULT '',
		status      INTEGER NOT NULL DEFAULT 0,
		result      TEXT NOT NULL DEFAULT '',
		reason      TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX requests_state ON requests(state, created_at);
	CREATE TABLE events (
		seq        INTEGER PRIMARY KEY AUTOINCREMENT,
		request_id TEXT NOT NULL,
		at         INTEGER NOT NULL,
		event      TEXT NOT NULL,
		actor      TEXT NOT NULL,
		detail     TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX events_request ON events(request_id, seq);`,
	// The catalog a request was proposed under, so that a confirm under another catalog can tell
	// "this process loaded the wrong one" (nothing changes) from "the catalog changed" (refused).
	// Requests recorded before have '' in both.
	`ALTER TABLE requests ADD COLUMN catalog TEXT NOT NULL DEFAULT '';
	ALTER TABLE requests ADD COLUMN catalog_source TEXT NOT NULL DEFAULT '';`,
	// Version 3 brings the state 'unsent' and the events 'resolved' and 'reopened' (Resolve,
	// Reopen): an older program must refuse the store rather than take 'unsent' for a hand edit.
	// The index serves the history check every claim makes (claimedSinceReopened).
	`CREATE INDEX events_kind ON events(request_id, event, seq);`,
	// The windowed ceilings' counts (ceilings.go).
	ceilingsTable,
	// Version 5: the authenticated caller a request was proposed for (an MCP server's OAuth
	// caller, issuer#subject), so `agent pending` and `agent review` can show whose model asked.
	// Requests recorded before, and those made without authentication, have ''.
	callerColumn,
}

// callerColumn is migration 5, the same in both dialects.
const callerColumn = `ALTER TABLE requests ADD COLUMN caller TEXT NOT NULL DEFAULT '';`

func (s *Store) migrate(ctx context.Context) error {
	return s.tx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
			return err
		}
		v, err := version(ctx, tx)
		if err != nil {
			return err
		}
		steps := tx.d.migrations
		if v > len(steps) {
			return fmt.Errorf("schema version %d is newer than this program knows (%d); use a newer agent or another -store", v, len(steps))
		}
		for i := v; i < len(steps); i++ {
			if _, err := tx.ExecContext(ctx, steps[i]); err != nil {
				return fmt.Errorf("migration %d: %w", i+1, err)
			}
		}
		return setVersion(ctx, tx, v, len(steps))
	})
}

func version(ctx context.Context, tx *txn) (int, error) {
	var v sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_version`).Scan(&v); err != nil {
		return 0, err
	}
	return int(v.Int64), nil
}

func setVersion(ctx context.Context, tx *txn, from, to int) error {
	if from == to {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, to)
	return err
}
