package toolrt

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// TestTokenNeverInAuditOrLog runs reads, a write, a denial, a refusal and a re-login with
// argument logging on, then searches the audit file and the log for every token the server saw.
func TestTokenNeverInAuditOrLog(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t, unauthorizedOnce(1))
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	log, err := audit.Open(path, true)
	if err != nil {
		t.Fatal(err)
	}
	var logText strings.Builder
	rt := newRuntime(t, endpoint, asUser(Config{Audit: log, Logger: newTextLogger(&logText)}))
	run := rt.NewRun(budget.New(budget.Limits{ToolCalls: 5, Mode: budget.Error}), &scripted{answers: []string{"y", "n"}})
	ctx := context.Background()
	calls := []struct{ tool, args string }{
		{"myWatchLists", `{}`},
		{"addWatchListItem", addMatrix},
		{"addWatchListItem", `{"watchListId":"2","titleId":"1","titleType":"MOVIE"}`},
		{"movie", `{"id":true}`},
		{"movie", `{"id":"42"}`},
		{"movie", `{"id":"43"}`}, // over the ceiling
	}
	for _, c := range calls {
		if _, err := run.Call(ctx, c.tool, []byte(c.args)); err != nil {
			t.Fatal(err)
		}
	}
	if err := log.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tokens := rec.seenTokens()
	if len(tokens) == 0 || rec.count("Login") != 2 { // a re-login within the same second may get the same token
		t.Fatalf("server saw %d tokens and %d logins, want some and 2", len(tokens), rec.count("Login"))
	}
	for _, tok := range append(tokens, testPassword) {
		if strings.Contains(string(data), tok) || strings.Contains(logText.String(), tok) {
			t.Errorf("a secret appears in the audit file or the log")
		}
	}
	var got []string
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		var r audit.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.Run != run.ID() || r.Time.IsZero() {
			t.Errorf("record without run or time: %s", sc.Text())
		}
		got = append(got, r.Tool+" "+string(r.Decision)+" "+r.Outcome)
	}
	want := []string{
		"myWatchLists allowed ok",
		"addWatchListItem approved sending",
		"addWatchListItem approved ok",
		"addWatchListItem denied not_sent",
		"movie invalid_args not_sent",
		"movie allowed ok",
		"movie over_budget not_sent",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("audit trail (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(data), `"args":{"input":{"titleId":"42"`) || !strings.Contains(string(data), `"body":"sha256:`) {
		t.Errorf("arguments or fingerprint missing with argument logging on:\n%s", data)
	}
}

func TestAuditLeavesArgumentsOutByDefault(t *testing.T) {
	t.Parallel()
	endpoint, _ := startMovieDB(t)
	var out strings.Builder
	rt := newRuntime(t, endpoint, Config{Audit: audit.New(&out, false)})
	if _, err := rt.Direct(context.Background(), "search", []byte(`{"query":"secret plans"}`)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "secret plans") || !strings.Contains(out.String(), `"body":"sha256:`) {
		t.Errorf("audit line: %s", out.String())
	}
}

// TestAuditNamesRoleAndUser: every record says which role the call had and who it ran as (a
// user's name, "(issued token)", "(anonymous)"), never the token itself.
func TestAuditNamesRoleAndUser(t *testing.T) {
	t.Parallel()
	endpoint, _ := startMovieDB(t)
	const issued = "issued-token-not-for-the-audit"
	for _, tc := range []struct {
		name, role, wantUser string
		cfg                  Config
	}{
		{"a login", "concierge", testUser, asUser(Config{})},
		{"an issued token", "support", "(issued token)", Config{Token: issued}},
		{"anonymous", "support", "(anonymous)", Config{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf strings.Builder
			tc.cfg.Role, tc.cfg.Audit = tc.role, audit.New(&buf, true)
			run := newRuntime(t, endpoint, tc.cfg).NewRun(nil, nil)
			for _, raw := range []string{`{"id":"1"}`, `{"id":false}`} { // sent, refused
				if _, err := run.Call(context.Background(), "movie", []byte(raw)); err != nil {
					t.Fatal(err)
				}
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
				var r audit.Record
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatal(err)
				}
				got = append(got, r.Role+" "+r.User+" "+string(r.Decision))
			}
			want := []string{tc.role + " " + tc.wantUser + " allowed", tc.role + " " + tc.wantUser + " invalid_args"}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
			if strings.Contains(buf.String(), issued) {
				t.Error("the issued token is in the audit trail")
			}
		})
	}
}
