package metatools

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/toolrt"
)

// roleDefs are the example catalog's tools for role (support reads only; concierge also writes).
func roleDefs(t testing.TB, role string) []toolrt.ToolDef {
	t.Helper()
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: "http://127.0.0.1:1/graphql", Role: role})
	if err != nil {
		t.Fatal(err)
	}
	return rt.Tools()
}

// TestOnlyTheRolesTools: a role that lacks the write can neither find nor describe it.
func TestOnlyTheRolesTools(t *testing.T) {
	support := New(roleDefs(t, "support"))
	text, isErr := support.Answer(SearchTools, []byte(`{"query":"add a movie to my watch list","limit":20}`))
	if isErr || strings.Contains(text, "addWatchListItem") || strings.Contains(text, "myWatchLists") {
		t.Errorf("support found a concierge tool: %s", text)
	}
	if text, isErr := support.Answer(DescribeTool, []byte(`{"name":"addWatchListItem"}`)); !isErr || !strings.Contains(text, "no tool with that name") {
		t.Errorf("support described a concierge tool: %s", text)
	}
	concierge := New(roleDefs(t, "concierge"))
	text, _ = concierge.Answer(SearchTools, []byte(`{"query":"add a movie to my watch list"}`))
	var found struct{ Tools []Found }
	if err := json.Unmarshal([]byte(text), &found); err != nil || len(found.Tools) == 0 || found.Tools[0].Name != "addWatchListItem" || !found.Tools[0].Write {
		t.Errorf("concierge search: %s", text)
	}
}

func TestAnswerRefusesBadArguments(t *testing.T) {
	s := New(roleDefs(t, "concierge"))
	for _, c := range []struct{ tool, args string }{
		{SearchTools, `{}`},
		{SearchTools, `{"query":"x","limit":21}`},
		{SearchTools, `{"query":"x","other":1}`},
		{SearchTools, `{"query":"` + strings.Repeat("a", 1001) + `"}`},
		{SearchTools, `[1]`},
		{DescribeTool, `{"name":1}`},
		{DescribeTool, `{"name":"movie"} {}`},
		{CallTool, `{}`},
	} {
		if text, isErr := s.Answer(c.tool, []byte(c.args)); !isErr || !strings.Contains(text, `"error"`) {
			t.Errorf("%s %s: isError %v, %s", c.tool, c.args, isErr, text)
		}
	}
}

func TestUnwrap(t *testing.T) {
	name, args, err := Unwrap([]byte(`{"name":"movie","arguments":{"id":"42", "x" : 1}}`))
	if err != nil || name != "movie" || string(args) != `{"id":"42", "x" : 1}` {
		t.Errorf("Unwrap: %q %s %v (want the arguments byte for byte)", name, args, err)
	}
	if _, args, err := Unwrap([]byte(`{"name":"myWatchLists"}`)); err != nil || string(args) != "{}" {
		t.Errorf("no arguments: %s %v", args, err)
	}
	for _, bad := range []string{`{"arguments":{}}`, `{"name":"m","arguments":[1]}`, `{"name":"m","arguments":"{}"}`, `{"name":"m","extra":1}`, `nope`} {
		if _, _, err := Unwrap([]byte(bad)); err == nil {
			t.Errorf("Unwrap(%s) accepted", bad)
		}
	}
}

func TestChoose(t *testing.T) {
	small := roleDefs(t, "concierge")
	if search, line := Choose(Auto, small); search || !strings.HasPrefix(line, "tools: all, chosen by -tools auto: 7 tools") {
		t.Errorf("auto on 7 tools: %v %q", search, line)
	}
	many := make([]toolrt.ToolDef, AutoMaxTools+1)
	if search, _ := Choose(Auto, many); !search {
		t.Errorf("auto on %d tools lists them all", len(many))
	}
	heavy := []toolrt.ToolDef{{Tokens: AutoMaxTokens + 1}}
	if search, _ := Choose(Auto, heavy); !search {
		t.Errorf("auto on %d tokens lists them all", AutoMaxTokens+1)
	}
	if search, _ := Choose(All, many); search {
		t.Error("-tools all searched")
	}
	if search, _ := Choose(Search, small); !search {
		t.Error("-tools search listed every tool")
	}
	if _, err := ParseMode("some"); err == nil {
		t.Error("ParseMode accepted some")
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"Returns a movie by its id. Use this when\nyou have an exact id.": "Returns a movie by its id.",
		"Lookup a user by login.":   "Lookup a user by login.",
		strings.Repeat("word ", 50): strings.Repeat("word ", 32)[:159] + "…",
	} {
		if got := oneLine(in); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzMetaArguments: whatever a model sends a meta-tool, the answer is JSON and nothing panics.
func FuzzMetaArguments(f *testing.F) {
	s := New(roleDefs(f, "concierge"))
	for _, seed := range []string{`{"query":"add a movie"}`, `{"name":"movie"}`, `{"name":"movie","arguments":{"id":"1"}}`, `{"query":"\u0000","limit":-1}`, `{`, ``} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		for _, tool := range []string{SearchTools, DescribeTool} {
			if text, _ := s.Answer(tool, []byte(raw)); !json.Valid([]byte(text)) {
				t.Fatalf("%s answered invalid JSON: %s", tool, text)
			}
		}
		if name, args, err := Unwrap([]byte(raw)); err == nil && (name == "" || !json.Valid(args) || args[0] != '{') {
			t.Fatalf("Unwrap(%q) = %q, %s", raw, name, args)
		}
	})
}
