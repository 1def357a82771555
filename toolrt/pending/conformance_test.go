package pending

// The store's tests run against both databases: each test that calls eachStore runs once on a
// SQLite file and once on a fresh database of a real PostgreSQL server, started once for the
// test binary (internal/pgtest) and skipped with the reason when PostgreSQL is not installed.

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/internal/pgtest"
)

var (
	pgOnce sync.Once
	pgSrv  *pgtest.Server
	pgErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if pgSrv != nil {
		pgSrv.Stop()
	}
	os.Exit(code)
}

// eachStore runs fn as two subtests, sqlite and postgres, each given a new store location.
func eachStore(t *testing.T, fn func(t *testing.T, where string)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, filepath.Join(t.TempDir(), "p.db")) })
	t.Run("postgres", func(t *testing.T) { fn(t, postgresDB(t)) })
}

// postgresDB is a fresh database on the shared server.
func postgresDB(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a PostgreSQL server; skipped under -short")
	}
	pgOnce.Do(func() { pgSrv, pgErr = pgtest.New() })
	var skip *pgtest.SkipError
	if errors.As(pgErr, &skip) {
		t.Skip(skip.Error())
	}
	if pgErr != nil {
		t.Fatal(pgErr)
	}
	return pgSrv.Database(t)
}

func TestMigrationsMirrorEachOther(t *testing.T) {
	if len(migrations) != len(pgMigrations) {
		t.Fatalf("%d SQLite migrations and %d PostgreSQL ones: append each step to both", len(migrations), len(pgMigrations))
	}
}

// TestUnreachablePostgresSaysWhatToCheck: a store that does not let us in is one line naming
// the redacted URL, the server's or the network's reason, and what to check; pgx's own message
// listed every address tried on lines of their own.
func TestUnreachablePostgresSaysWhatToCheck(t *testing.T) {
	check := func(t *testing.T, dsn, reason string) {
		_, err := Open(dsn)
		if err == nil {
			t.Fatalf("%s opened", Redacted(dsn))
		}
		msg := err.Error()
		for _, want := range []string{Redacted(dsn), "cannot connect", reason, "check that PostgreSQL runs there"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%q lacks %q", msg, want)
			}
		}
		if strings.Contains(msg, "\n") || strings.Contains(msg, "secretpw") {
			t.Errorf("%q: want one line without the password", msg)
		}
	}
	t.Run("nothing listening", func(t *testing.T) { check(t, "postgres://u:secretpw@127.0.0.1:1/db", "connection refused") })
	// postgresDB skips this subtest alone when PostgreSQL is absent.
	t.Run("no such database", func(t *testing.T) {
		check(t, strings.Replace(postgresDB(t), "/test", "/nosuch", 1), `database "nosuch`)
	})
}
