package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/pending"
)

// A request proposed for an OAuth caller names it where a reviewer looks: on its `agent
// pending` line after the proposing user, and in a `caller` line of `agent review`. A request
// without a caller reads as before. `agent pending -caller` lists one caller's requests, named
// whole or by subject.
func TestPendingAndReviewShowTheCaller(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "")
	t.Setenv(ConfirmerTokenEnv, "")
	store := filepath.Join(t.TempDir(), "p.db")
	st, err := pending.Open(store)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, caller := range []string{"", "https://iss.example#alice", "https://iss.example#mallory"} {
		r, _, err := st.Propose(context.Background(), pending.Proposal{
			Key: "k" + caller, Run: "run-1", Tool: "addWatchListItem", Operation: "mutation M { m }",
			Endpoint: "http://127.0.0.1:1/graphql", Body: []byte(`{"q":1}`), Variables: []byte(`{}`),
			User: "user", Role: "concierge", Caller: caller,
		})
		if err != nil {
			t.Fatal(err)
		}
		ids[caller] = r.ID
	}
	_ = st.Close()

	out, errText, code := runAgent(t, "", "pending", "-store", store)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errText)
	}
	for caller, id := range ids {
		want := "  addWatchListItem  user"
		if caller != "" {
			want += " for caller " + caller
		}
		if !regexp.MustCompile(`(?m)^` + id + `  pending +\d+s` + regexp.QuoteMeta(want) + `$`).MatchString(out) {
			t.Errorf("no line of %s ending %q in:\n%s", id, want, out)
		}
	}
	for filter, want := range map[string]string{"alice": "#alice", "https://iss.example#mallory": "#mallory"} {
		out, _, code := runAgent(t, "", "pending", "-store", store, "-caller", filter)
		if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 1 || !strings.HasSuffix(lines[0], want) {
			t.Errorf("-caller %s: exit %d, output:\n%s", filter, code, out)
		}
	}
	out, _, _ = runAgent(t, "", "pending", "-store", store, "-caller", "https://other.example#alice")
	if !strings.HasPrefix(out, "no deferred writes for caller https://other.example#alice in ") {
		t.Errorf("-caller of nobody's requests:\n%s", out)
	}

	out, errText, code = runAgent(t, "", "review", "-store", store, ids["https://iss.example#alice"])
	if want := "\ncaller    : https://iss.example#alice (the authenticated caller the proposing server acted for)\n"; code != 0 || !strings.Contains(out, want) {
		t.Errorf("review: exit %d, stderr %s, no %q in:\n%s", code, errText, want, out)
	}
	out, _, _ = runAgent(t, "", "review", "-store", store, ids[""])
	if strings.Contains(out, "caller    :") || !strings.Contains(out, "proposed  : ") {
		t.Errorf("review of a request without a caller:\n%s", out)
	}
}
