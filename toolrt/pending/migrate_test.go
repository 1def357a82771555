package pending

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A store written by the first schema (no catalog columns) opens, migrates and still reads its
// requests, with no catalog recorded; new proposals keep theirs.
func TestVersion1StoreStaysReadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		migrations[0],
		`CREATE TABLE schema_version (version INTEGER NOT NULL)`,
		`INSERT INTO schema_version (version) VALUES (1)`,
		`INSERT INTO requests (id, idem_key, run, tool, operation, endpoint, body, body_sha, variables, model_text, user, role, state, created_at, expires_at)
		 VALUES ('req-old', 'k-old', 'run-1', 'addWatchListItem', 'mutation M { m }', 'http://127.0.0.1:1/graphql', '{"q":1}',
		 'b1dad7fd2f1de9b6e7b2f5b9e6c7e0ee0b5ddf29d71e2d9d6bbf9dd7c1c6a1a1', '{}', '[]', 'user', 'concierge', 'pending', 1, 2)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	_ = db.Close()

	s := open(t, path)
	ctx := context.Background()
	old, err := s.Get(ctx, "req-old")
	if err != nil {
		t.Fatal(err)
	}
	if old.Catalog != "" || old.CatalogSource != "" || old.Tool != "addWatchListItem" {
		t.Errorf("the old request reads back as catalog %q from %q, tool %q", old.Catalog, old.CatalogSource, old.Tool)
	}
	p := proposal("k-new", `{"q":2}`)
	p.Catalog, p.CatalogSource = "sha256:"+old.BodySHA, "/srv/agent/catalog.json"
	r, _, err := s.Propose(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{p.Catalog, p.CatalogSource}, []string{got.Catalog, got.CatalogSource}); diff != "" {
		t.Errorf("catalog of a new request (-proposed +read):\n%s", diff)
	}
	var v int
	if err := s.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(migrations) {
		t.Errorf("schema_version %d, err %v; want %d", v, err, len(migrations))
	}
}

// TestVersion4StoreGainsTheCaller: a store from before migration 5 (no caller column) opens,
// migrates in either database and reads its requests back with no caller; a new proposal keeps
// the caller it was made for, and the history note still names it.
func TestVersion4StoreGainsTheCaller(t *testing.T) { eachStore(t, testVersion4StoreGainsTheCaller) }

func testVersion4StoreGainsTheCaller(t *testing.T, where string) {
	ctx := context.Background()
	s := open(t, where)
	old, _, err := s.Propose(ctx, proposal("k-old", `{"q":1}`))
	if err != nil {
		t.Fatal(err)
	}
	// Back to version 4: the column migration 5 adds is dropped again.
	for _, q := range []string{`ALTER TABLE requests DROP COLUMN caller`, `UPDATE schema_version SET version = 4`} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	_ = s.Close()

	s = open(t, where)
	got, err := s.Get(ctx, old.ID)
	if err != nil || got.Caller != "" || got.Tool != old.Tool {
		t.Fatalf("the old request reads back as %+v, err %v; want caller \"\"", got, err)
	}
	p := proposal("k-new", `{"q":2}`)
	p.Caller = "https://issuer.example#alice"
	r, _, err := s.Propose(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	all, err := s.List(ctx)
	if err != nil || len(all) != 2 || all[1].ID != r.ID || all[1].Caller != p.Caller || r.Caller != p.Caller {
		t.Fatalf("list after the migration: %+v, err %v; want the new request last, for %s", all, err, p.Caller)
	}
	evs, err := s.Events(ctx, r.ID)
	if err != nil || len(evs) == 0 || evs[0].Detail != "run run-1, for caller "+p.Caller {
		t.Errorf("history %+v, err %v; want the proposal's note to name the caller", evs, err)
	}
	var v int
	if err := s.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(migrations) || v != 5 {
		t.Errorf("schema_version %d, err %v; want %d", v, err, len(migrations))
	}
}
