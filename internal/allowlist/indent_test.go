package allowlist

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIndentHints: where goccy/go-yaml stops is not always the line that is off, so the message
// names the two lines whose indentation disagrees (the journey's allow-list indented roles 3
// spaces under createTicket and was told only 27:5, the title after it); shapes that are not
// an indentation mistake get no hint.
func TestIndentHints(t *testing.T) {
	const fix = "; fix the YAML syntax (indent with spaces, quote strings containing ': ')\n"
	for src, want := range map[string]string{
		"tools:\n  createTicket:\n   roles: [support, admin]\n    title: Open a ticket\n": "allowlist.yaml:4:5: invalid YAML: value is not allowed in this context: line 4 is indented 4 spaces, deeper than line 3 (3 spaces), whose key already has its value; keys of one mapping take the same indentation, so line 3 or line 4 is off\n",
		// A blank line and a comment between the two change nothing.
		"tools:\n  a:\n    roles: [x]\n\n    # the title\n     title: t\n": "allowlist.yaml:6:6: invalid YAML: value is not allowed in this context: line 6 is indented 5 spaces, deeper than line 3 (4 spaces), whose key already has its value; keys of one mapping take the same indentation, so line 3 or line 6 is off\n",
		// Here the parser stops on the earlier line: it read the deeper one as more of its value.
		"tools:\n  a:\n    title: t\n      roles: [x]\n":        "allowlist.yaml:3:12: invalid YAML: mapping value is not allowed in this context: line 4 is indented 6 spaces, deeper than line 3 (4 spaces), whose key already has its value; keys of one mapping take the same indentation, so line 3 or line 4 is off\n",
		"tools:\n  a:\n    title: t\n   roles: [x]\n":           "allowlist.yaml:4:4: invalid YAML: value is not allowed in this context: line 4 is indented 3 spaces, between line 3 (4 spaces) and line 2 (2 spaces), so it lines up with no key above it; indent it like the lines it belongs with\n",
		"tools:\n  a:\n    title: t\n    lint:\n   - rule: x\n": "allowlist.yaml:5:4: invalid YAML: value is not allowed in this context: line 5 is indented 3 spaces, between line 4 (4 spaces) and line 2 (2 spaces), so it lines up with no key above it; indent it like the lines it belongs with\n",
		// A colon in a value is not an indentation mistake.
		"tools:\n  a:\n    title: t: u\n    roles: [x]\n": "allowlist.yaml:3:12: invalid YAML: mapping value is not allowed in this context" + fix,
		"a: b: c\n": "allowlist.yaml:1:4: invalid YAML: mapping value is not allowed in this context" + fix,
		// A key without its colon, and a list item among the keys of a mapping.
		"tools:\n  movie: {}\n  person {}\n": "allowlist.yaml:3:3: invalid YAML: non-map value is specified: line 3 has no colon after its key \"person\"; write person: {}\n",
		"tools:\n  - movie\n  person: {}\n":  "allowlist.yaml:3:3: invalid YAML: value is not allowed in this context: line 2 is a list item (- movie) among the keys of a mapping; write it as a key: movie: {}\n",
		"tools:\n  movie: {}\n  - person\n":  "allowlist.yaml:3:3: invalid YAML: non-map value is specified: line 3 is a list item (- person) among the keys of a mapping; write it as a key: person: {}\n",
	} {
		_, ds := Parse("allowlist.yaml", []byte(src))
		if diff := cmp.Diff(want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", src, diff)
		}
	}
}
