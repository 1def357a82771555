package allowlist

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEveryErrorPositioned: syntax errors that yaml.v3 placed on the wrong line or on none, and
// YAML forms the decoder must see through, each at its line and column.
func TestEveryErrorPositioned(t *testing.T) {
	const fix = "; fix the YAML syntax (indent with spaces, quote strings containing ': ')\n"
	for src, want := range map[string]string{
		"tools:\n\ta: {}\n":                               "allowlist.yaml:2:1: invalid YAML: found character '\t' that cannot start any token" + fix,
		"tools: {a: \"unterminated}\n":                    "allowlist.yaml:1:12: invalid YAML: could not find end character of double-quoted text" + fix,
		"tools:\n  a: {}\n b: {}\n":                       "allowlist.yaml:3:2: invalid YAML: value is not allowed in this context: line 3 is indented 1 space, between line 2 (2 spaces) and line 1 (0 spaces), so it lines up with no key above it; indent it like the lines it belongs with\n",
		"tools:\n  a: {}\n  - b\n":                        "allowlist.yaml:3:3: invalid YAML: non-map value is specified: line 3 is a list item (- b) among the keys of a mapping; write it as a key: b: {}\n",
		"tools: {a: {}}\n---\nroles: {}\n":                "allowlist.yaml:3:1: the allow-list holds more than one YAML document; keep one: merge them and remove the --- line\n",
		"tools:\n  a:\n    selection:\n      pageSize:\n": "allowlist.yaml:4:17: pageSize must be a positive whole number, not null; write a number such as 10\n",
		"base: &b {approval: none}\ntools:\n  a: *b\n": "allowlist.yaml:1:1: unknown key \"base\" in the allow-list; valid keys are \"version\", \"roles\", \"tools\", \"selection\", \"scalars\", \"diff\"\n" +
			"allowlist.yaml:3:6: tool a must be a mapping, not an alias; write it as key: value pairs, or {} when empty\n",
		"tools: {a: {}, a: {}}\n": "allowlist.yaml:1:16: tools has the key \"a\" twice (first at 1:9); remove one of them\n",
		"tools:\n  a: {roles: support}\n  b: {roles: [x], title: t}\n  c:\n    roles:\n  d: {roles: {x: 1}}\nroles: {x: {}, support: {}}\n": "allowlist.yaml:2:14: roles must be a list of role names, not the value \"support\"; write roles: [support] or leave the key out for every role\n" +
			"allowlist.yaml:5:11: roles must be a list of role names, not null; write roles: [NAME, ...] with names declared under roles:, or leave the key out for every role\n" +
			"allowlist.yaml:6:14: roles must be a list of role names, not a mapping; write roles: [NAME, ...] with names declared under roles:, or leave the key out for every role\n",
	} {
		_, ds := Parse("allowlist.yaml", []byte(src))
		if diff := cmp.Diff(want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", src, diff)
		}
	}
}

// TestScalarForms: block scalars, quoting, tags and explicit keys decode to their values.
func TestScalarForms(t *testing.T) {
	src := "tools:\n  a:\n    description: |\n      Line one.\n      Line two.\n    title: >-\n      folded\n      text\n" +
		"  ? b\n  : {approval: !!str none, title: 'it''s', roles: [\"r\"]}\nroles: {r: {}}\n"
	f, ds := Parse("allowlist.yaml", []byte(src))
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	a, b := f.Entry("a"), f.Entry("b")
	if a.Description != "Line one.\nLine two.\n" || a.Title != "folded text" {
		t.Errorf("a: description %q, title %q", a.Description, a.Title)
	}
	if b.Approval != "none" || b.Title != "it's" || !cmp.Equal(b.Roles, []string{"r"}) || b.Pos != (Pos{9, 5}) {
		t.Errorf("b = %+v", b)
	}
}
