package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

// runAgent runs the command in this process. Unless the test names an endpoint (-endpoint or
// $AGENT_ENDPOINT), it points the command at a fresh demo server for the rest of the test, as
// an operator would after go run ./cmd/moviedb.
func runAgent(t *testing.T, stdin string, argv ...string) (string, string, int) {
	t.Helper()
	if os.Getenv(EndpointEnv) == "" && !slices.Contains(argv, "-endpoint") {
		t.Setenv(EndpointEnv, moviedbtest.Start(t).URL)
	}
	var out, errw strings.Builder
	code := run(context.Background(), argv, strings.NewReader(stdin), &out, &errw)
	return out.String(), errw.String(), code
}

func TestCallNamesTheCatalogFirst(t *testing.T) {
	out, errText, code := runAgent(t, "", "call", "movie", `{"id":"42"}`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errText)
	}
	first, _, _ := strings.Cut(out, "\n")
	if want := "catalog " + catalog.FileDigest(generated.CatalogJSON) + " (embedded, default)" + callSettings(); first != want {
		t.Errorf("first line = %q, want %q", first, want)
	}
	if !strings.Contains(out, `"title":"The Matrix"`) {
		t.Errorf("output:\n%s", out)
	}
}

// Without an endpoint the command stops and says where one comes from; it starts no server of
// its own (the runtime binary carries no demo: go list -deps ./cmd/agent has no moviedb).
func TestNoEndpointIsAnError(t *testing.T) {
	t.Setenv(EndpointEnv, "")
	var out, errw strings.Builder
	code := run(context.Background(), []string{"call", "movie", `{"id":"42"}`}, strings.NewReader(""), &out, &errw)
	if code != 1 || !strings.Contains(errw.String(), "no endpoint: pass -endpoint URL") || !strings.Contains(errw.String(), "go run ./cmd/moviedb") {
		t.Errorf("exit %d, stderr %q", code, errw.String())
	}
}

// The default login mutation is the demo server's own.
func TestDemoLoginDocument(t *testing.T) {
	if demoLoginDocument != moviedb.LoginDocument {
		t.Errorf("demoLoginDocument %q, the demo's is %q", demoLoginDocument, moviedb.LoginDocument)
	}
}

func TestCallRefusesBadArgumentsAndLogsIn(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "user123")
	out, _, code := runAgent(t, "", "call", "-user", "user", "addWatchListItem", `{"watchListId":"1","titleId":"42","titleType":"MOVIE","userId":"2"}`)
	if code != 1 || !strings.Contains(out, `"error":"invalid_arguments"`) || !strings.Contains(out, "user      : user") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	out, errText, _ := runAgent(t, "", "call", "-user", "user", "myWatchLists")
	if !strings.Contains(out, "To watch this weekend") || errText != "" {
		t.Errorf("signed-in read:\n%s%s", out, errText)
	}
}

// A write that waits for approval elsewhere runs from call without asking (a person typed it),
// and call says so in one line on stderr; a refused one sent nothing and says nothing of it.
func TestCallSaysAWriteRanWithoutTheGate(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "user123")
	t.Setenv("AGENT_TOKEN", "")
	out, errText, code := runAgent(t, "", "call", "-user", "user", "addWatchListItem", `{"watchListId":"1","titleId":"42","titleType":"MOVIE"}`)
	want := "agent call: addWatchListItem is a write that waits for approval in `agent` and `agent mcp`; call sent it with no gate (a person typed it)\n"
	if diff := cmp.Diff(want, errText); code != 0 || !strings.Contains(out, `"success":true`) || diff != "" {
		t.Errorf("exit %d, output:\n%s\nstderr (-want +got):\n%s", code, out, diff)
	}
	_, errText, _ = runAgent(t, "", "call", "-user", "user", "addWatchListItem", `{"watchListId":"1"}`)
	if strings.Contains(errText, "no gate") {
		t.Errorf("a refused write is said to have been sent: %s", errText)
	}
}

func TestMenuByNumberAndName(t *testing.T) {
	out, _, code := runAgent(t, "catalog\nsupport\n\n4\nq\n")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"  1  catalog", "5 tools,", "Query depth 20 exceeds maximum allowed depth of 15"} {
		if !strings.Contains(out, want) {
			t.Errorf("menu output lacks %q:\n%s", want, out)
		}
	}
}

func TestCatalogShowsToolJSON(t *testing.T) {
	out, _, code := runAgent(t, "movie\n\n", "catalog")
	if code != 0 || !strings.Contains(out, `"operationName": "Tool_movie"`) || !strings.Contains(out, "7 tools,") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestSettingsFromYAMLAndFlags(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, configFile), []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("role: support\nmax-tool-calls: 3\nuser: admin\n")
	s, rest, err := parseSettings("agent", []string{"-max-tool-calls", "4", "movie", "{}"}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	want := defaults("agent")
	want.Role, want.MaxToolCalls, want.User = "support", 4, "admin"
	yaml := filepath.Join(dir, configFile)
	want.Origin = map[string]string{"role": yaml + ":1", "max-tool-calls": "-max-tool-calls", "user": yaml + ":3"}
	if diff := cmp.Diff(want, s, cmpopts.IgnoreUnexported(Settings{})); diff != "" {
		t.Errorf("settings (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"movie", "{}"}, rest); diff != "" {
		t.Errorf("rest (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"password: user123\n", "rolle: support\n"} {
		write(bad)
		if _, _, err := parseSettings("call", nil, os.Stderr); err == nil {
			t.Errorf("agent.yaml %q accepted", bad)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, argv := range [][]string{{"nosuch"}, {"call"}, {"call", "-nope"}, {"catalog", "a", "b"}} {
		if _, _, code := runAgent(t, "", argv...); code != 2 {
			t.Errorf("%v: exit %d, want 2", argv, code)
		}
	}
}

// The probe is 20 fields deep: movie, nine cast/movie pairs, title; 19 selection sets.
func TestProbeQueryIs20Deep(t *testing.T) {
	q := probeQuery()
	if strings.Count(q, "{")-1 != 19 || !strings.HasSuffix(strings.TrimRight(q, "} "), "{ title") || strings.Count(q, "{") != strings.Count(q, "}") {
		t.Errorf("probe query: %s", q)
	}
}

// An issued token (AGENT_TOKEN) identifies the caller without a login, and never shows.
func TestCallWithIssuedToken(t *testing.T) {
	srv := moviedbtest.Start(t)
	token := moviedbtest.Login(t, srv.URL, moviedbtest.User, moviedbtest.Password)
	t.Setenv("AGENT_TOKEN", token)
	out, errText, code := runAgent(t, "", "call", "-endpoint", srv.URL, "myWatchLists", "{}")
	if code != 0 || !strings.Contains(out, "To watch this weekend") || !strings.Contains(out, "user      : (issued token)") {
		t.Errorf("exit %d, stderr %s, output:\n%s", code, errText, out)
	}
	if strings.Contains(out+errText, token) {
		t.Error("the token was printed")
	}
}
