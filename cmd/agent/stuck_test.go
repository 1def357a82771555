package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt/pending"
)

// A confirm killed while its write is in flight leaves the request in sending. agent stuck
// lists it; agent resolve refuses while a confirm could still be sending, records what the
// operator found with their note, and a request found not sent is confirmable again only after
// agent resolve ID reopen. The server applies the write once in all.
func TestKilledConfirmIsResolvedByAnOperator(t *testing.T) {
	var hold atomic.Bool
	var applied atomic.Int64
	arrived := make(chan struct{}, 1)
	hold.Store(true)
	srv := moviedbtest.Start(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			var req struct{ Query string }
			_ = json.Unmarshal(body, &req)
			if strings.HasPrefix(req.Query, "mutation") && !strings.Contains(req.Query, "login(") {
				if hold.Load() { // the write reached the server; it stays in flight until the confirm dies
					arrived <- struct{}{}
					<-r.Context().Done()
					return
				}
				applied.Add(1)
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r)
		})
	})
	dir := t.TempDir()
	store := filepath.Join(dir, "pending.db")
	common := []string{"-endpoint", srv.URL, "-pending-store", store}
	pw := []string{"AGENT_PASSWORD=user123"}
	cs := mcpSession(t, dir, pw, append(common, "-user", "user")...)
	text, _ := callTool(t, cs, "addWatchListItem", addArgs("42", ""))
	id := requestID(t, text)

	confirm := agentCmd(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...)
	var out bytes.Buffer
	confirm.Stdout, confirm.Stderr = &out, &out
	if err := confirm.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-time.After(60 * time.Second):
		_ = confirm.Process.Kill()
		t.Fatalf("the confirm's write never reached the server:\n%s", out.String())
	}
	if err := confirm.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = confirm.Wait()

	stuck := runBin(t, dir, nil, append([]string{"stuck"}, common...)...)
	line := regexp.MustCompile(`(?m)^` + id + `  claimed \d+s ago by user  addWatchListItem  body sha256:[0-9a-f]{12}  proposed by user  \(a confirm may still be sending it: resolvable in (\d+m)?\d+s\)$`)
	if stuck.code != 0 || !line.MatchString(stuck.out) || !strings.Contains(stuck.out, "agent resolve ID not-sent") {
		t.Errorf("agent stuck (exit %d):\n%s%s", stuck.code, stuck.out, stuck.err)
	}
	resolve := func(args ...string) proc {
		return runBin(t, dir, nil, append([]string{"resolve", "-user", "lead", "-audit", filepath.Join(dir, "audit.jsonl")}, append(common, append([]string{id}, args...)...)...)...)
	}
	if p := resolve("not-sent", "checked"); p.code != 1 || !strings.Contains(p.err, "claimed too recently") {
		t.Errorf("resolve right after the kill (exit %d): %s", p.code, p.err)
	}
	if p := resolve("not-sent"); p.code != 2 || !strings.Contains(p.err, "say what you checked") {
		t.Errorf("resolve without a note (exit %d): %s", p.code, p.err)
	}
	// Instead of waiting pending.SettleAfter: the claim is made older, as time would.
	ageClaim(t, store, id, pending.SettleAfter+time.Second)
	if p := runBin(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...); p.code != 1 || !strings.Contains(p.err, "agent stuck") {
		t.Errorf("confirm of the stuck request (exit %d): %s", p.code, p.err)
	}
	if n := moviedbtest.ItemCount(t, srv.URL, "1"); n != 2 { // what the operator checks
		t.Fatalf("list 1 holds %d items after the killed confirm, want the seeded 2", n)
	}
	if p := resolve("not-sent", "list", "1", "lacks", "title", "42"); p.code != 0 || !strings.Contains(p.out, "marked not sent") {
		t.Errorf("resolve not-sent (exit %d): %s%s", p.code, p.out, p.err)
	}
	if p := runBin(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...); p.code != 1 || !strings.Contains(p.err, "reopen") {
		t.Errorf("confirm of an unsent request (exit %d): %s", p.code, p.err)
	}
	if p := resolve("reopen", "the", "user", "still", "wants", "it"); p.code != 0 || !strings.Contains(p.out, "pending again") {
		t.Errorf("reopen (exit %d): %s%s", p.code, p.out, p.err)
	}
	hold.Store(false)
	if p := runBin(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...); p.code != 0 || !strings.Contains(p.out, "sent once: outcome ok") {
		t.Errorf("confirm after reopen (exit %d): %s%s", p.code, p.out, p.err)
	}
	if n := applied.Load(); n != 1 {
		t.Errorf("the server applied %d writes, want 1", n)
	}
	review := runBin(t, dir, pw, append([]string{"review"}, append(common, id)...)...)
	for _, want := range []string{"resolved by lead  not sent: list 1 lacks title 42", "reopened by lead  the user still wants it"} {
		if !strings.Contains(review.out, want) {
			t.Errorf("the history lacks %q:\n%s", want, review.out)
		}
	}
	trail, _ := os.ReadFile(filepath.Join(dir, "audit.jsonl"))
	for _, want := range []string{`"user":"lead","tool":"addWatchListItem","decision":"resolved","outcome":"not_sent"`, `"decision":"reopened"`} {
		if !strings.Contains(string(trail), want) {
			t.Errorf("the audit trail lacks %s:\n%s", want, trail)
		}
	}
}

// ageClaim moves a request's claim back by d.
func ageClaim(t *testing.T, store, id string, d time.Duration) {
	t.Helper()
	db, err := sql.Open("sqlite", store)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE requests SET decided_at = decided_at - ? WHERE id = ?`, d.Milliseconds(), id); err != nil {
		t.Fatal(err)
	}
}
