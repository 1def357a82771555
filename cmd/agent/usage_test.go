package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// help, -h and --help answer with the commands and exit 0; so does COMMAND -h, with a usage
// line, the positional arguments and only that command's flags.
func TestHelp(t *testing.T) {
	for _, argv := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		out, errText, code := runAgent(t, "", argv...)
		if code != 0 || !strings.Contains(out+errText, "usage: agent") || !strings.Contains(out+errText, "probe-depth") {
			t.Errorf("%v: exit %d\n%s%s", argv, code, out, errText)
		}
	}
	for _, argv := range [][]string{{"call", "-h"}, {"call", "--help"}, {"help", "call"}, {"call", "movie", "-h"}} {
		out, errText, code := runAgent(t, "", argv...)
		text := out + errText
		if code != 0 || !strings.Contains(text, "usage: agent call [flags] TOOL") || !strings.Contains(text, "TOOL  a tool of the role") {
			t.Errorf("%v: exit %d\n%s", argv, code, text)
		}
		for _, own := range []string{"-endpoint", "-user", "-role"} {
			if !strings.Contains(text, "  "+own+" ") {
				t.Errorf("%v: lacks its flag %s", argv, own)
			}
		}
		for _, other := range []string{"-model-url", "-model", "-http", "-system-prompt", "-max-calls-per-caller"} {
			if strings.Contains(text, "  "+other+" ") || strings.Contains(text, "  "+other+"\n") {
				t.Errorf("%v: shows %s, a flag of another command", argv, other)
			}
		}
	}
	if out, errText, code := runAgent(t, "", "mcp", "-h"); code != 0 || !strings.Contains(out+errText, "-approve") {
		t.Errorf("mcp -h: exit %d\n%s%s", code, out, errText)
	}
	// Each command lists the flags it reads and no other: an MCP host brings its own model, and
	// call opens no pending store.
	for cmd, unused := range map[string][]string{"mcp": {"-max-model-calls", "-model"}, "call": {"-store", "-pending-store", "-pending-ttl", "-max-model-calls"}} {
		out, errText, _ := runAgent(t, "", cmd, "-h")
		for _, f := range unused {
			if strings.Contains(out+errText, "  "+f+" ") {
				t.Errorf("%s -h lists %s, which %s does not use", cmd, f, cmd)
			}
		}
	}
}

// Refusals exit non-zero with one line that says why and how.
func TestRefusalsAreOneLine(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		code int
		want string
	}{
		{[]string{"nosuch"}, 2, "agent help"},
		{[]string{"call", "-nope", "movie"}, 2, "`agent call -h` lists its flags"},
		{[]string{"call", "movie", `{"id":"42"}`, "-model", "x"}, 2, "-model is not a flag of call"},
		{[]string{"call", "nosuch", "{}"}, 1, `no tool "nosuch" for role "concierge"`},
		{[]string{"call", "movie", `{"idx":1}`}, 1, "invalid arguments for movie"},
	} {
		_, errText, code := runAgent(t, "", tc.argv...)
		if code != tc.code || !strings.Contains(errText, tc.want) || strings.Count(errText, "\n") != 1 {
			t.Errorf("%q: exit %d (want %d), stderr (want one line with %q):\n%s", tc.argv, code, tc.code, tc.want, errText)
		}
	}
}

// Flags after the positional arguments are flags, not part of the JSON.
func TestFlagsAfterArguments(t *testing.T) {
	out, errText, code := runAgent(t, "", "call", "movie", `{"id":"42"}`, "-role", "support", "-timeout", "5s")
	if code != 0 || !strings.Contains(out, "arguments : {\"id\":\"42\"}\n") || !strings.Contains(out, "The Matrix") {
		t.Errorf("exit %d, stderr %s, output:\n%s", code, errText, out)
	}
	out, _, code = runAgent(t, "", "call", "myWatchLists", "-role", "support")
	if code != 1 || strings.Contains(out, "-role") {
		t.Errorf("support has no myWatchLists: exit %d, output:\n%s", code, out)
	}
	out, _, code = runAgent(t, "", "call", "--", "movie", `{"id":"42"}`)
	if code != 0 || !strings.Contains(out, "The Matrix") {
		t.Errorf("-- before the arguments: exit %d\n%s", code, out)
	}
}

func TestMissingPasswordIsNamed(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "")
	t.Setenv("AGENT_TOKEN", "")
	out, errText, code := runAgent(t, "", "call", "-user", "user", "myWatchLists")
	if code != 1 || !strings.Contains(errText, "AGENT_PASSWORD is not set") || strings.Contains(out+errText, "nvalid credentials") {
		t.Errorf("exit %d, stderr %q", code, errText)
	}
}

// The menu asks who to log in as before a command that logs in.
func TestMenuAsksForTheUser(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "user123")
	t.Setenv("AGENT_TOKEN", "")
	out, errText, code := runAgent(t, "call\nuser\nmyWatchLists\nq\n")
	if code != 0 || !strings.Contains(out, "user to log in as") || !strings.Contains(out, "user      : user") ||
		!strings.Contains(out, "To watch this weekend") {
		t.Errorf("exit %d, stderr %s, output:\n%s", code, errText, out)
	}
}

// MCP started from the menu reads its requests from the menu's stdin: the session owns it.
func TestMenuMCPOwnsStdin(t *testing.T) {
	t.Setenv("AGENT_TOKEN", "")
	in := "mcp\n\n" +
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"movie","arguments":{"id":"42"}}}` + "\n"
	out, errText, code := runAgent(t, in)
	if code != 0 || !strings.Contains(out, `"id":2`) || !strings.Contains(out, "The Matrix") {
		t.Errorf("exit %d, stderr %s, output:\n%s", code, errText, out)
	}
}

// Every flag belongs to a group, so each command's -h lists its own flags only: a new flag must
// say which commands take it (flagGroups in usage.go).
func TestEveryFlagHasAGroup(t *testing.T) {
	for _, c := range commands {
		if c.groups == nil {
			t.Errorf("command %s lists no flag groups: its -h shows every flag", c.name)
		}
	}
	var b strings.Builder // an unregistered name has no groups, so its usage lists every flag
	if _, _, err := parseSettings("every-flag", []string{"-h"}, &b); err == nil {
		t.Fatal("-h did not stop parsing")
	}
	// A backquoted phrase in a usage text becomes the flag's argument name in -h; a name of
	// more than one word reads as garbage ("-approve agent confirm").
	if odd := regexp.MustCompile(`(?m)^  -[a-z0-9-]+ \S+ \S+`).FindAllString(b.String(), -1); len(odd) > 0 {
		t.Errorf("flags whose usage names their argument with more than one word: %q", odd)
	}
	names := regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(b.String(), -1)
	if len(names) < 20 {
		t.Fatalf("found %d flags in:\n%s", len(names), b.String())
	}
	for _, m := range names {
		if _, ok := flagGroups[m[1]]; !ok {
			t.Errorf("flag -%s is in no group; add it to flagGroups", m[1])
		}
	}
}

// The hint after invalid arguments names the catalog and role in use, and pasted as it is
// (its stdin is the tool's name) prints that tool's input schema.
func TestInvalidArgumentsHintNamesTheCatalog(t *testing.T) {
	data, err := os.ReadFile("../../generated/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "my tools", "catalog.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errText, code := runAgent(t, "", "call", "-catalog", path, "-role", "support", "movie", `{"idx":1}`)
	want := "agent: invalid arguments for movie (see above); `echo movie | agent catalog -catalog '" + path + "' support` prints its input schema\n"
	if diff := cmp.Diff(want, errText); code != 1 || diff != "" {
		t.Fatalf("exit %d, stderr (-want +got):\n%s", code, diff)
	}
	out, errText, code := runAgent(t, "movie\n", "catalog", "-catalog", path, "support")
	if code != 0 || !strings.Contains(out, `"inputSchema"`) || strings.Contains(out, "myWatchLists") {
		t.Errorf("the hint's command: exit %d, stderr %s, output:\n%s", code, errText, out)
	}
	_, errText, _ = runAgent(t, "", "call", "-catalog", path, "-role", "support", "nosuch")
	if want := "agent: no tool \"nosuch\" for role \"support\"; `agent catalog -catalog '" + path + "' support` lists them\n"; errText != want {
		t.Errorf("unknown tool: stderr %q, want %q", errText, want)
	}
}
