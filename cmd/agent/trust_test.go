package main

// Trust boundaries at the command line: the catalog line, the pin, a tampered -catalog,
// plain HTTP with credentials, and a token the API echoes in escapes.

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// TestCatalogFromYAMLIsNamedFirst: an agent.yaml holding only catalog: is in force, and the
// first line says which file and which digest, so a swapped catalog is never silent.
func TestCatalogFromYAMLIsNamedFirst(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	path := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(path, generated.CatalogJSON, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(configFile, []byte("catalog: "+path+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errText, code := runAgent(t, "", "call", "movie", `{"id":"42"}`)
	first, _, _ := strings.Cut(out, "\n")
	if want := "catalog " + catalog.FileDigest(generated.CatalogJSON) + " (" + path + ", from " + filepath.Join(dir, configFile) + ":1)" + callSettings(); code != 0 || first != want {
		t.Errorf("exit %d, first line %q, want %q; stderr %s", code, first, want, errText)
	}
}

// defaultSettings is the first line's end when runAgent's $AGENT_ENDPOINT names the endpoint and
// nothing sets approval or insecure-http (mcp's deny); callSettings is agent call's, whose writes
// the person typed (host); loopDefaults is the agent loop's, which asks at the console (elicit).
func defaultSettings() string { return settingsTail("deny") }
func callSettings() string    { return settingsTail("host") }
func loopDefaults() string    { return settingsTail("elicit") }

func settingsTail(approve string) string {
	return " · endpoint " + os.Getenv(EndpointEnv) + " (from $" + EndpointEnv + ") · approve " + approve + " (default) · insecure-http off (default)"
}

// TestPinnedDigestRefusesAnotherCatalog: a resealed catalog (its self digest holds) given with
// -catalog, while the deployment pinned the embedded one, refuses to start; the right pin runs.
func TestPinnedDigestRefusesAnotherCatalog(t *testing.T) {
	pin := catalog.FileDigest(generated.CatalogJSON)
	resealed := toolrttest.Tampers()[1].WriteFile(t, generated.CatalogJSON)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-catalog", resealed, "-catalog-sha256", pin}, 1, "but " + pin + " is pinned"},
		{[]string{"-catalog-sha256", strings.TrimPrefix(strings.ToUpper(pin), "SHA256:")}, 0, ""},
		{[]string{"-catalog-sha256", "12ab"}, 1, "64 hex digits"},
	} {
		out, errText, code := runAgent(t, "", append(append([]string{"call"}, c.args...), "movie", `{"id":"42"}`)...)
		if code != c.code || !strings.Contains(errText, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %d and %q", c.args, code, errText, c.code, c.want)
		}
		if c.code != 0 && strings.Contains(out, "The Matrix") {
			t.Errorf("%v: the tool ran:\n%s", c.args, out)
		}
	}
}

// TestPlainHTTPWithCredentialsIsRefused: a password or an issued token never goes to a remote
// host over http:// unless -insecure-http says so; the refusal comes before any request.
func TestPlainHTTPWithCredentialsIsRefused(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "user123")
	// 192.0.2.1 is reserved for documentation: nothing answers there.
	remote := "http://192.0.2.1/graphql"
	for _, args := range [][]string{
		{"-endpoint", remote, "-user", "user", "-timeout", "1s"},
		{"-endpoint", strings.ToUpper(remote[:4]) + remote[4:], "-user", "user", "-timeout", "1s"},
	} {
		_, errText, code := runAgent(t, "", append(append([]string{"call"}, args...), "movie", `{"id":"42"}`)...)
		if code != 1 || !strings.Contains(errText, "is plain HTTP to a host that is not loopback") || !strings.Contains(errText, "-insecure-http") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errText)
		}
	}
	t.Setenv("AGENT_PASSWORD", "")
	t.Setenv(TokenEnv, "issued")
	if _, errText, code := runAgent(t, "", "call", "-endpoint", remote, "-timeout", "1s", "movie", `{"id":"42"}`); code != 1 || !strings.Contains(errText, "-insecure-http") {
		t.Errorf("issued token: exit %d, stderr %q", code, errText)
	}
}

// TestEscapedTokenEchoNeverReachesStdoutOrAudit: `agent call` with an issued token against an
// API that echoes the Authorization header, every character a \u escape.
func TestEscapedTokenEchoNeverReachesStdoutOrAudit(t *testing.T) {
	const token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.dG9wLXNlY3JldA"
	var mu sync.Mutex
	seen := 0
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"myWatchLists":[{"id":"1","name":"` + toolrttest.EscapeAll(r.Header.Get("Authorization")) + `"}]}}`))
	}))
	t.Cleanup(echo.Close)
	t.Setenv(TokenEnv, token)
	trail := filepath.Join(t.TempDir(), "audit.jsonl")
	out, errText, code := runAgent(t, "", "call", "-endpoint", echo.URL, "-audit", trail, "-audit-args", "myWatchLists", "{}")
	mu.Lock()
	defer mu.Unlock()
	if code != 0 || seen == 0 {
		t.Fatalf("exit %d, %d requests, stderr %s", code, seen, errText)
	}
	recorded, err := os.ReadFile(trail)
	if err != nil {
		t.Fatal(err)
	}
	for where, text := range map[string]string{"stdout": out, "stderr": errText, "the audit": string(recorded)} {
		if toolrttest.Leaks(text, token) {
			t.Errorf("the token reached %s:\n%s", where, text)
		}
	}
	if !strings.Contains(out, "Bearer [token]") {
		t.Errorf("stdout lacks the redacted echo:\n%s", out)
	}
	if want := `"catalog":"` + catalog.FileDigest(generated.CatalogJSON) + `","catalogSource":"embedded"`; !strings.Contains(string(recorded), want) {
		t.Errorf("the audit record does not name the catalog (%s):\n%s", want, recorded)
	}
}

// TestMCPNamesTheCatalogFirstOnStderr: over stdio, stdout is the protocol's, so the catalog
// line is the first line of stderr.
func TestMCPNamesTheCatalogFirstOnStderr(t *testing.T) {
	out, errText, _ := runAgent(t, "", "mcp")
	first, _, _ := strings.Cut(errText, "\n")
	if want := "catalog " + catalog.FileDigest(generated.CatalogJSON) + " (embedded, default)" + defaultSettings(); first != want || strings.Contains(out, "catalog ") {
		t.Errorf("stderr first line %q, want %q; stdout %q", first, want, out)
	}
}

// TestAgentLoopNamesTheCatalogFirst: the loop's first line names a -catalog file and its digest.
func TestAgentLoopNamesTheCatalogFirst(t *testing.T) {
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, generated.CatalogJSON, 0o600); err != nil {
		t.Fatal(err)
	}
	model := agenttest.New(agenttest.Steps(agenttest.Reply{Text: "done"}))
	defer model.Close()
	out, errText, code := runAgent(t, "", "agent", "-model-url", model.URL, "-catalog", path, "hello")
	first, _, _ := strings.Cut(out, "\n")
	if want := "catalog " + catalog.FileDigest(generated.CatalogJSON) + " (" + path + ", from -catalog)" + loopDefaults(); code != 0 || first != want {
		t.Errorf("exit %d, first line %q, want %q; stderr %s", code, first, want, errText)
	}
}

// TestAgentYAMLNamesWhatItSetsAndCannotLoosenAlone: an agent.yaml in the working directory
// that sets the endpoint, the approval mode, the catalog or insecure-http is named, line by
// line, on the first line; approve: host and insecure-http: true from the file are refused
// unless the same flag confirms them, and the error names that flag.
func TestAgentYAMLNamesWhatItSetsAndCannotLoosenAlone(t *testing.T) {
	srv := moviedbtest.Start(t)
	dir := t.TempDir()
	t.Chdir(dir)
	yaml := filepath.Join(dir, configFile)
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(yaml, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("endpoint: " + srv.URL + "\napprove: defer\n")
	out, errText, code := runAgent(t, "", "call", "-insecure-http", "movie", `{"id":"42"}`)
	first, _, _ := strings.Cut(out, "\n")
	want := "catalog " + catalog.FileDigest(generated.CatalogJSON) + " (embedded, default) · endpoint " + srv.URL + " (from " + yaml + ":1) · approve defer (from " + yaml + ":2) · insecure-http on (from -insecure-http)"
	if code != 0 || first != want {
		t.Errorf("exit %d, first line\n%q, want\n%q; stderr %s", code, first, want, errText)
	}
	for _, c := range []struct {
		yaml, flag, want string
	}{
		{"approve: host\n", "-approve", yaml + ":1 sets approve: host"},
		{"endpoint: " + srv.URL + "\ninsecure-http: true\n", "-insecure-http", yaml + ":2 sets insecure-http: true"},
	} {
		write(c.yaml)
		_, errText, code := runAgent(t, "", "mcp")
		if code != 1 || !strings.Contains(errText, c.want) || !strings.Contains(errText, "pass "+c.flag) {
			t.Errorf("%q alone: exit %d, stderr %q; want a refusal naming %s", c.yaml, code, errText, c.flag)
		}
	}
	// The flag confirms what the file says.
	write("approve: host\n")
	if s, _, err := parseSettings("mcp", []string{"-approve", "host"}, os.Stderr); err != nil || s.Approve != "host" {
		t.Errorf("approve: host confirmed by -approve host: %v, %q", err, s.Approve)
	}
	write("insecure-http: true\n")
	if s, _, err := parseSettings("call", []string{"-insecure-http"}, os.Stderr); err != nil || !s.InsecureHTTP {
		t.Errorf("insecure-http confirmed by -insecure-http: %v", err)
	}
}

// TestModelKeyOverPlainHTTPIsRefused: AGENT_MODEL_KEY is not sent over plain http to a model
// URL that is not loopback; the error names -insecure-http, and never the key.
func TestModelKeyOverPlainHTTPIsRefused(t *testing.T) {
	t.Setenv(modelKeyEnv, "sk-model-secret")
	out, errText, code := runAgent(t, "", "agent", "-model-url", "http://192.0.2.1/v1", "hello")
	if code != 1 || !strings.Contains(errText, "plain HTTP") || !strings.Contains(errText, "-insecure-http") || strings.Contains(out+errText, "sk-model-secret") {
		t.Errorf("exit %d, stderr %q", code, errText)
	}
}
