package pending

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func open(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func proposal(key, body string) Proposal {
	return Proposal{Key: key, Run: "run-1", Tool: "addWatchListItem", Operation: "mutation M { m }",
		Endpoint: "http://127.0.0.1:1/graphql", Body: []byte(body), Variables: []byte(`{"a":1}`),
		ModelText: []ModelText{{Path: "input.userNotes", Value: "because"}}, User: "user", Role: "concierge"}
}

func TestProposeRetryConflict(t *testing.T) { eachStore(t, testProposeRetryConflict) }

func testProposeRetryConflict(t *testing.T, where string) {
	s := open(t, where)
	ctx := context.Background()
	a, created, err := s.Propose(ctx, proposal("k1", `{"q":1}`))
	if err != nil || !created || a.State != Pending {
		t.Fatalf("first proposal: %+v created=%v err=%v", a, created, err)
	}
	b, created, err := s.Propose(ctx, proposal("k1", `{"q":1}`))
	if err != nil || created || b.ID != a.ID {
		t.Fatalf("retry: got %v created=%v err=%v, want %s again", b, created, err, a.ID)
	}
	_, _, err = s.Propose(ctx, proposal("k1", `{"q":2}`))
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.ID != a.ID {
		t.Fatalf("other body under the same key: err=%v, want a conflict naming %s", err, a.ID)
	}
	all, err := s.List(ctx)
	if err != nil || len(all) != 1 {
		t.Fatalf("list: %d requests, err %v; want 1", len(all), err)
	}
	if got := all[0].ModelText; len(got) != 1 || got[0].Value != "because" {
		t.Fatalf("model text came back as %+v", got)
	}
}

// TestClaimRace opens the store twice (two pools, as two processes would) and lets many
// confirmers race: exactly one claim wins.
func TestClaimRace(t *testing.T) { eachStore(t, testClaimRace) }

func testClaimRace(t *testing.T, where string) {
	s1, s2 := open(t, where), open(t, where)
	ctx := context.Background()
	r, _, err := s1.Propose(ctx, proposal("k", `{"q":1}`))
	if err != nil {
		t.Fatal(err)
	}
	var wins, decided int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 8 {
		s := []*Store{s1, s2}[i%2]
		wg.Go(func() {
			_, err := s.Claim(ctx, r.ID, r.Body, "c", time.Now())
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				wins++
			case errors.Is(err, ErrDecided):
				decided++
			default:
				t.Errorf("claim: %v", err)
			}
		})
	}
	wg.Wait()
	if wins != 1 || decided != 7 {
		t.Fatalf("%d claims won and %d saw a decision; want 1 and 7", wins, decided)
	}
	if err := s2.Finish(ctx, r.ID, "c", Outcome{Outcome: "ok", Status: 200, Result: "{}"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s1.Finish(ctx, r.ID, "c", Outcome{Outcome: "ok"}, time.Now()); err == nil {
		t.Fatal("a second Finish was recorded")
	}
	got, _ := s1.Get(ctx, r.ID)
	if got.State != Sent || got.Outcome != "ok" {
		t.Fatalf("after finish: %s %s", got.State, got.Outcome)
	}
}

func TestClaimRefusesExpiredTamperedRejected(t *testing.T) {
	eachStore(t, testClaimRefusesExpiredTamperedRejected)
}

func testClaimRefusesExpiredTamperedRejected(t *testing.T, where string) {
	s := open(t, where)
	ctx := context.Background()
	now := time.Now()
	p := proposal("old", `{"q":1}`)
	p.TTL, p.Now = time.Second, now.Add(-2*time.Second)
	old, _, _ := s.Propose(ctx, p)
	if got, err := s.Claim(ctx, old.ID, old.Body, "c", now); !errors.Is(err, ErrExpired) || got.State != Expired {
		t.Fatalf("expired: %v %v", got.State, err)
	}
	tam, _, _ := s.Propose(ctx, proposal("tam", `{"q":1}`))
	if _, err := s.db.Exec(`UPDATE requests SET body = ? WHERE id = ?`, []byte(`{"q":666}`), tam.ID); err != nil {
		t.Fatal(err)
	}
	stored, _ := s.Get(ctx, tam.ID)
	if got, err := s.Claim(ctx, tam.ID, stored.Body, "c", now); !errors.Is(err, ErrTampered) || got.State != Refused {
		t.Fatalf("tampered: %v %v", got.State, err)
	}
	rej, _, _ := s.Propose(ctx, proposal("rej", `{"q":1}`))
	if _, err := s.Reject(ctx, rej.ID, "c", "no", now); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Claim(ctx, rej.ID, rej.Body, "c", now); !errors.Is(err, ErrDecided) || got.State != Rejected {
		t.Fatalf("rejected then claimed: %v %v", got.State, err)
	}
	if _, err := s.Reject(ctx, rej.ID, "c", "again", now); !errors.Is(err, ErrDecided) {
		t.Fatalf("second reject: %v", err)
	}
	ev, _ := s.Events(ctx, rej.ID)
	if len(ev) != 2 || ev[0].Event != "proposed" || ev[1].Event != "rejected" {
		t.Fatalf("events: %+v", ev)
	}
}

func TestMigrateIsIdempotentAndVersioned(t *testing.T) {
	eachStore(t, testMigrateIsIdempotentAndVersioned)
}

func testMigrateIsIdempotentAndVersioned(t *testing.T, path string) {
	open(t, path)
	s := open(t, path)
	var v int
	if err := s.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(migrations) {
		t.Fatalf("schema_version %d, err %v; want %d", v, err, len(migrations))
	}
	if _, err := s.db.Exec(`UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); err == nil {
		t.Fatal("a store from a newer program opened")
	}
}

// BenchmarkProposeClaimFinish is one request's whole life in the store: three transactions,
// each fsynced (synchronous=FULL).
func BenchmarkProposeClaimFinish(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "p.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		r, _, err := s.Propose(ctx, proposal(fmt.Sprint("k", i), `{"q":1}`))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Claim(ctx, r.ID, r.Body, "c", time.Now()); err != nil {
			b.Fatal(err)
		}
		if err := s.Finish(ctx, r.ID, "c", Outcome{Outcome: "ok"}, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
}

func TestHandEditedRowsAreRefused(t *testing.T) { eachStore(t, testHandEditedRowsAreRefused) }

func testHandEditedRowsAreRefused(t *testing.T, where string) {
	s := open(t, where)
	ctx := context.Background()
	r, _, _ := s.Propose(ctx, proposal("k", `{"q":1}`))
	for _, edit := range []string{
		`UPDATE requests SET state = 'pending' || ?`,
		`UPDATE requests SET body_sha = 'x' || ?`,
		`UPDATE requests SET id = 'req-' || ?`,
		`UPDATE requests SET catalog = 'sha256:' || ?`,
	} {
		if _, err := s.db.Exec(edit, "\x1b[2J"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.List(ctx); err == nil || !strings.Contains(err.Error(), "edited by hand") {
			t.Errorf("%s: list gave %v", edit, err)
		}
		_, _ = s.db.Exec(`UPDATE requests SET state = 'pending', body_sha = ?, id = ?, catalog = ''`, r.BodySHA, r.ID)
	}
}

// TestClaimRefusesWhatTheHistorySaysWasClaimed sets a claimed request (sent, and one whose
// outcome was never recorded) back to pending in the requests table, as a hand edit or a
// restored backup would: neither a claim nor a reject takes it, and its state comes back from
// its history. The conditional UPDATE refuses it by itself too.
func TestClaimRefusesWhatTheHistorySaysWasClaimed(t *testing.T) {
	eachStore(t, testClaimRefusesWhatTheHistorySaysWasClaimed)
}

func testClaimRefusesWhatTheHistorySaysWasClaimed(t *testing.T, where string) {
	s := open(t, where)
	ctx := context.Background()
	now := time.Now()
	sent, _, _ := s.Propose(ctx, proposal("sent", `{"q":1}`))
	stuck, _, _ := s.Propose(ctx, proposal("stuck", `{"q":2}`))
	for _, r := range []*Request{sent, stuck} {
		if _, err := s.Claim(ctx, r.ID, r.Body, "first", now); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Finish(ctx, sent.ID, "first", Outcome{Outcome: "ok", Status: 200}, now); err != nil {
		t.Fatal(err)
	}
	setBack := func() {
		t.Helper()
		if _, err := s.db.Exec(`UPDATE requests SET state = 'pending', decided_by = '', decided_at = 0, outcome = ''`); err != nil {
			t.Fatal(err)
		}
	}
	setBack()
	for _, r := range []*Request{sent, stuck} {
		sqltx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		tx := &txn{sqltx, s.db.d}
		if err := claim(ctx, tx, r, "second", now); err == nil {
			t.Errorf("%s: the conditional UPDATE claimed a request whose history holds a claim", r.ID)
		}
		_ = tx.Rollback()
	}
	for _, c := range []struct {
		r    *Request
		want State
	}{{sent, Sent}, {stuck, Sending}} {
		got, err := s.Claim(ctx, c.r.ID, c.r.Body, "second", now.Add(time.Minute))
		if !errors.Is(err, ErrClaimedBefore) || got == nil || got.State != c.want || got.DecidedBy != "first" {
			t.Errorf("claim of %s after its state was set back: %v, %+v; want ErrClaimedBefore and state %s by first", c.r.ID, err, got, c.want)
		}
	}
	setBack()
	if got, err := s.Reject(ctx, stuck.ID, "second", "no", now); !errors.Is(err, ErrClaimedBefore) || got.State != Sending {
		t.Errorf("reject after the state was set back: %v, state %s", err, got.State)
	}
	ev, _ := s.Events(ctx, stuck.ID)
	if last := ev[len(ev)-1]; last.Event != "restored" || !strings.Contains(last.Detail, "claimed by first") {
		t.Errorf("last event %+v, want the restore naming the claim", last)
	}
}
