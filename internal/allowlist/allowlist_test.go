package allowlist

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolgen/toolgen/internal/budget"
)

func TestParse(t *testing.T) {
	src := `version: 1
roles:
  concierge: {description: Finds titles., maxTokens: 900}
  support:
selection: {pageSize: 20, personal: true}
tools:
  movie:
    selection: {personal: false}
  addWatchListItem:
    roles: [concierge]
    approval: required
    title: Add to a list
    description: Adds a title.
    selection: {maxSelectionTokens: 100}
`
	f, ds := Parse("allowlist.yaml", []byte(src))
	if len(ds) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", ds)
	}
	want := &File{
		Name: "allowlist.yaml",
		Roles: []Role{
			{Name: "concierge", Description: "Finds titles.", MaxTokens: 900, Pos: Pos{3, 3}},
			{Name: "support", Pos: Pos{4, 3}},
		},
		Tools: []Entry{
			{Name: "movie", Pos: Pos{7, 3}, Selection: budget.Set{Personal: budget.Off}},
			{Name: "addWatchListItem", Pos: Pos{9, 3}, Roles: []string{"concierge"}, RolePos: []Pos{{10, 13}},
				Approval: "required", ApprovalPos: Pos{11, 15}, Title: "Add to a list", Description: "Adds a title.", Selection: budget.Set{MaxSelectionTokens: 100}},
		},
		Selection: budget.Set{PageSize: 20, Personal: budget.On},
	}
	if diff := cmp.Diff(want, f); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := f.Tools[1].Selection.Merge(f.Selection); got != (budget.Set{PageSize: 20, MaxSelectionTokens: 100, Personal: budget.On}) {
		t.Errorf("Merge = %+v", got)
	}
	if got := f.Tools[0].Selection.Merge(f.Selection).Personal; got != budget.Off {
		t.Errorf("a tool's personal: false under the file's true merges to %d, want Off", got)
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"":                              "allowlist.yaml: the allow-list is empty; add a tools: mapping naming at least one Query or Mutation field\n",
		"- a\n":                         "allowlist.yaml:1:1: the allow-list must be a mapping, not a list; write it as key: value pairs, or {} when empty\n",
		"tools: {a: {roles: x}}\n":      "allowlist.yaml:1:20: roles must be a list of role names, not the value \"x\"; write roles: [x] or leave the key out for every role\n",
		"tools: {a: {}}\nversion: 2\n":  "allowlist.yaml:2:10: unsupported version \"2\"; use version: 1 or leave the key out\n",
		"tools:\n  a: {}\n  b: [oops\n": "allowlist.yaml:3:6: invalid YAML: sequence end token ']' not found; fix the YAML syntax (indent with spaces, quote strings containing ': ')\n",
		"a: b: c\n":                     "allowlist.yaml:1:4: invalid YAML: mapping value is not allowed in this context; fix the YAML syntax (indent with spaces, quote strings containing ': ')\n",
		"roles: {r: {maxTokens: -1}}\ntools: {a: {}}\n": "allowlist.yaml:1:24: maxTokens must be a positive whole number, not the value \"-1\"; write a number such as 10\n",
		// A tools: section with only comments under it (toolgen init's, when nothing compiles as
		// it stands) is valid and names no tool: a warning, not a YAML error.
		"tools:  # uncomment below\n  # a:\n  #   description: \"\"\n": "allowlist.yaml:1:1: warning: tools: names no tool, so the catalog has none; uncomment an entry under it, or add a Query or Mutation field name with its description\n",
		"tools: {a: {selection: {personal: yes}}}\n":                   "allowlist.yaml:1:35: personal must be true or false, not the value \"yes\"; write personal: true to select personal data by default, or leave the key out\n",
		"selection: {personal: [true]}\ntools: {a: {}}\n":              "allowlist.yaml:1:23: personal must be true or false, not a list; write personal: true to select personal data by default, or leave the key out\n",
		"selection: {personel: true}\ntools: {a: {}}\n":                "allowlist.yaml:1:13: unknown key \"personel\" in selection; did you mean \"personal\"?\n",
		"version: 1\ntools: {}\n":                                      "allowlist.yaml:2:1: warning: tools: names no tool, so the catalog has none; uncomment an entry under it, or add a Query or Mutation field name with its description\n",
	}
	for src, want := range cases {
		_, ds := Parse("allowlist.yaml", []byte(src))
		if diff := cmp.Diff(want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", src, diff)
		}
	}
}

func TestSuggest(t *testing.T) {
	fields := []string{"movie", "movies", "myWatchLists", "addWatchListItem"}
	for in, want := range map[string]string{"movei": "movie", "MyWatchlists": "myWatchLists", "addItem": "", "zzz": ""} {
		if got := Suggest(in, fields); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("roles: {a: {}}\ntools:\n  movie: {roles: [a], approval: none}\n"))
	f.Add([]byte("tools: [1, 2]\n"))
	f.Add([]byte("&a [*a]"))
	f.Add([]byte("tools: {movie: {}}\nscalars:\n  JSON: {}\n  Money: {type: [integer, \"null\"], minimum: 0, enum: [a]}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, ds := Parse("allowlist.yaml", src)
		if file != nil {
			ds = append(ds, file.Resolve(Roots{Fields: []string{"movie", "search"}, Subscriptions: []string{"movieAdded"}, Types: "Query or Mutation", Subscription: "Subscription"})...)
			ds = append(ds, file.ResolveScalars([]string{"JSON", "Money"})...)
		}
		for _, d := range ds {
			if d.File != "allowlist.yaml" || d.Message == "" {
				t.Fatalf("malformed diagnostic %+v", d)
			}
			// Every problem has a place, except a file with nothing in it.
			if d.Line <= 0 && d.Message != "the allow-list is empty" {
				t.Fatalf("diagnostic without a line for %q: %+v", src, d)
			}
		}
	})
}
