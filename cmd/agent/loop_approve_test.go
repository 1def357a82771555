package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
)

// TestAgentLoopApproveMeansWhatItSays: the loop's -approve is acted on, not only printed. deny
// refuses the model's write without asking and sends nothing; elicit (the default) asks at the
// console and sends only on yes; host is refused before anything runs, because the loop has no
// MCP host whose dialog could have confirmed the write.
func TestAgentLoopApproveMeansWhatItSays(t *testing.T) {
	t.Setenv(passwordEnv, "user123")
	add := agenttest.Call{ID: "c1", Name: "addWatchListItem", Args: `{"watchListId":"1","titleId":"42","titleType":"MOVIE","userNotes":"a classic"}`}
	for _, c := range []struct {
		flags     []string
		stdin     string
		asked     bool
		sent      int64
		modelSees string
	}{
		{[]string{"-approve", "deny"}, "y\n", false, 0, "nobody can be asked"},
		{nil, "n\n", true, 0, "the user declined"},
		{[]string{"-approve", "elicit"}, "y\n", true, 1, "watchList"},
	} {
		srv := startDemo(t)
		model := agenttest.New(agenttest.Steps(agenttest.Reply{Calls: []agenttest.Call{add}}, agenttest.Reply{Text: "done"}))
		args := append(append([]string{"agent", "-endpoint", srv.URL, "-user", "user", "-model-url", model.URL}, c.flags...), "add The Matrix")
		out, errText, code := runAgent(t, c.stdin, args...)
		model.Close()
		if code != 0 || strings.Contains(out, "APPROVAL REQUIRED") != c.asked {
			t.Errorf("%v: exit %d, asked %v, want %v\n%s%s", c.flags, code, !c.asked, c.asked, out, errText)
		}
		srv.count(t, c.sent, strings.Join(append([]string{"agent"}, c.flags...), " "))
		if seen := toolResults(model.Requests()); len(seen) != 1 || !strings.Contains(strings.ToLower(seen[0]), strings.ToLower(c.modelSees)) {
			t.Errorf("%v: the model read %q, want %q in it", c.flags, seen, c.modelSees)
		}
	}
	srv := startDemo(t)
	_, errText, code := runAgent(t, "y\n", "agent", "-endpoint", srv.URL, "-approve", "host", "-model-url", "http://127.0.0.1:1/v1", "add The Matrix")
	if code == 0 || !strings.Contains(errText, "-approve host: the agent loop has no MCP host") {
		t.Errorf("-approve host in the loop: exit %d, stderr %q", code, errText)
	}
	srv.count(t, 0, "agent -approve host")
	// Every command reads -approve the same way: an unknown mode stops before anything runs.
	for _, cmd := range []string{"agent", "call"} {
		if _, errText, code := runAgent(t, "", cmd, "-endpoint", srv.URL, "-approve", "ask", "movie"); code == 0 || !strings.Contains(errText, `unknown approval mode "ask"`) {
			t.Errorf("%s -approve ask: exit %d, stderr %q", cmd, code, errText)
		}
	}
}

// toolResults are the tool messages of the model's last request.
func toolResults(reqs []agenttest.Request) []string {
	if len(reqs) == 0 {
		return nil
	}
	var out []string
	for _, m := range reqs[len(reqs)-1].Messages {
		if m.Role == "tool" {
			out = append(out, m.Content)
		}
	}
	return out
}

// TestFirstLineNamesOnlyWhatTheCommandTakes: a command without -approve (confirm, pending,
// catalog) does not print an approval mode it never acts on; agent.yaml's approve: host is
// call's own default, so call accepts it from the file while mcp still wants the flag.
func TestFirstLineNamesOnlyWhatTheCommandTakes(t *testing.T) {
	out, errText, code := runAgent(t, "", "catalog")
	first, _, _ := strings.Cut(out, "\n")
	if want := "catalog " + catalog.FileDigest(generated.CatalogJSON) + " (embedded, default)"; code != 0 || first != want {
		t.Errorf("agent catalog: exit %d, first line %q, want %q; stderr %s", code, first, want, errText)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile(filepath.Join(dir, configFile), []byte("approve: host\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, errText, code := runAgent(t, "", "call", "movie", `{"id":"42"}`); code != 0 || !strings.Contains(out, "approve host (from "+filepath.Join(dir, configFile)+":1)") {
		t.Errorf("call with approve: host in agent.yaml: exit %d\n%s%s", code, out, errText)
	}
	if _, errText, code := runAgent(t, "", "mcp"); code != 1 || !strings.Contains(errText, "pass -approve host") {
		t.Errorf("mcp with approve: host in agent.yaml alone: exit %d, stderr %q", code, errText)
	}
}
