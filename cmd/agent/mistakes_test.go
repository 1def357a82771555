package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigMistakes: each mistake in agent.yaml or on the command line is refused before
// anything is sent, with where it is (agent.yaml:LINE:COL or the flag) and how to fix it, and
// leaves nothing behind (a misspelt store URL made folders named like it).
func TestConfigMistakes(t *testing.T) {
	for _, c := range []struct {
		name, yaml string
		argv       []string
		code       int
		want       []string
	}{
		{name: "misspelt key", yaml: "endpiont: http://127.0.0.1:1/graphql\n", argv: []string{"catalog"}, code: 1,
			want: []string{"agent: agent.yaml:1:1: unknown key \"endpiont\"; did you mean \"endpoint\"?\n"}},
		{name: "two mistakes, each on its line", yaml: "rol: support\nmax-tool-calls: ten\ntimeout: 5\n", argv: []string{"catalog"}, code: 1,
			want: []string{"agent: agent.yaml:1:1: unknown key \"rol\"; did you mean \"role\"?\n",
				"agent: agent.yaml:2:17: max-tool-calls: want a whole number, such as 10, not \"ten\"\n",
				"agent: agent.yaml:3:10: timeout: want a duration with its unit, such as 30s, 2m or 1h, not \"5\"\n"}},
		{name: "password in the file", yaml: "password: hunter2\n", argv: []string{"catalog"}, code: 1,
			want: []string{"agent.yaml:1:1: unknown key \"password\"; a credential is never read from a file: set AGENT_PASSWORD"}},
		{name: "tab indentation", yaml: "endpoint: http://x\n\trole: support\n", argv: []string{"catalog"}, code: 1,
			want: []string{"agent.yaml:2: invalid YAML: found a tab character", "indent with spaces"}},
		{name: "a list, not settings", yaml: "- role: support\n", argv: []string{"catalog"}, code: 1,
			want: []string{"agent.yaml:1:1: the settings must be key: value lines"}},
		{name: "key set twice", yaml: "role: support\nrole: concierge\n", argv: []string{"catalog"}, code: 1,
			want: []string{"agent.yaml:2:1: role is set twice (first on line 1); keep one"}},
		{name: "Latin-1 file", yaml: "user: jos\xe9\n", argv: []string{"catalog"}, code: 1,
			want: []string{"agent.yaml:1:10: byte 0xE9 is not UTF-8", "save it as UTF-8"}},
		{name: "approval mode from the file", yaml: "approve: ask\n", argv: []string{"catalog"}, code: 1,
			want: []string{"approve (from ", "agent.yaml:1): unknown approval mode \"ask\""}},
		{name: "misspelt flag", argv: []string{"catalog", "-rol", "support"}, code: 2,
			want: []string{"agent catalog: -rol is not a flag; did you mean -role?"}},
		{name: "duration without its unit", argv: []string{"mcp", "-timeout", "5"}, code: 2,
			want: []string{`agent mcp: invalid value "5" for flag -timeout: want a duration with its unit`}},
		{name: "budget that is no number", argv: []string{"mcp", "-max-tool-calls", "ten"}, code: 2,
			want: []string{`agent mcp: invalid value "ten" for flag -max-tool-calls: want a whole number`}},
		{name: "endpoint without its scheme", argv: []string{"call", "-endpoint", "localhost:8081/graphql", "movie", `{"id":"1"}`}, code: 1,
			want: []string{`agent: endpoint "localhost:8081/graphql" (from -endpoint) is not an http:// or https:// URL; write the whole URL: http://localhost:8081/graphql`}},
		{name: "catalog that does not exist", argv: []string{"catalog", "-catalog", "nope.json"}, code: 1,
			want: []string{"agent: catalog nope.json (from -catalog): no such file or directory; pass the catalog.json toolgen wrote"}},
		{name: "catalog folder", argv: []string{"catalog", "-catalog", "."}, code: 1,
			want: []string{"agent: catalog . (from -catalog): it is a folder; pass the catalog.json in it: -catalog catalog.json"}},
		{name: "catalog that is another file", argv: []string{"catalog", "-catalog", "agent.yaml"}, yaml: "role: support\n", code: 1,
			want: []string{"agent: agent.yaml: catalog: ", "this is not a catalog.json toolgen wrote (pass the one in its output folder, such as generated/catalog.json)"}},
		{name: "login document that does not exist", argv: []string{"call", "-login-document", "login.graphql", "-user", "ana", "movie", `{"id":"1"}`}, code: 1,
			want: []string{"agent: login-document login.graphql (from -login-document): no such file or directory; pass the file holding the API's login mutation"}},
		{name: "store that is a folder", argv: []string{"pending", "-store", "."}, code: 1,
			want: []string{"agent: pending store . is a folder; name a file in it, such as pending.db"}},
		{name: "store URL missing its colon", argv: []string{"pending", "-store", "postgres//ana:secret@db/agent"}, code: 1,
			want: []string{"agent: pending store postgres//…: a store is a SQLite file (a path) or a postgres:// URL"}},
		{name: "store URL of another database", argv: []string{"pending", "-store", "mysql://ana:secret@db/agent"}, code: 1,
			want: []string{"agent: pending store mysql://…: a store is a SQLite file"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			t.Setenv("AGENT_PASSWORD", "not-used")
			if c.yaml != "" {
				if err := os.WriteFile(configFile, []byte(c.yaml), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			_, stderr, code := runAgent(t, "", c.argv...)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.code, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if strings.Contains(stderr, "secret") || strings.Contains(stderr, "hunter2") || strings.Contains(stderr, "main.Settings") {
				t.Errorf("stderr quotes a password or a Go type:\n%s", stderr)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if e.Name() != configFile {
					t.Errorf("the refused command left %s behind", filepath.Join(dir, e.Name()))
				}
			}
		})
	}
}

// FuzzDecodeConfig: agent.yaml is read from the working directory, so its bytes are anyone's;
// decoding never panics, and every problem starts with the file's name.
func FuzzDecodeConfig(f *testing.F) {
	for _, s := range []string{"role: support\nmax-tool-calls: 3\n", "endpiont: x\n", "timeout: 5\n", "- a\n", "a: &x [*x]\n",
		"header: [\"x-a: b\"]\nmax-calls-per-caller: 10/1m\n", "review-reads:\n  addWatchListItem: [{tool: movie}]\n", "\ufeffrole: r\n", "\xff\xfer\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := defaults("agent")
		if err := decodeConfig("agent.yaml", data, &s); err != nil {
			for _, line := range strings.Split(errorLines(err), "\n") {
				if line != "" && !strings.HasPrefix(line, "agent: agent.yaml") {
					t.Fatalf("unpositioned problem %q", line)
				}
			}
		}
	})
}
