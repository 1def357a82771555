package invisible_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/catdiff/render"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/compile/compiletest"
	"github.com/toolgen/toolgen/internal/emit/review"
	"github.com/toolgen/toolgen/internal/invisible"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// hiddenClasses are the kinds of code point that hide text, one or two of each: every one
// must be caught by each user of the rule.
var hiddenClasses = []struct {
	class string
	r     rune
}{
	{"C0 control", 0x07}, {"DEL", 0x7f}, {"C1 control", 0x85},
	{"zero-width space", 0x200B}, {"zero-width joiner", 0x200D}, {"soft hyphen", 0xAD},
	{"bidi override", 0x202E}, {"bidi isolate", 0x2066}, {"tag character", 0xE0041},
	{"variation selector 16", 0xFE0F}, {"variation selector supplement", 0xE0100}, {"variation selector supplement, last", 0xE01EF},
	{"Mongolian variation selector", 0x180B}, {"combining grapheme joiner", 0x34F},
	{"Hangul filler", 0x3164}, {"Hangul choseong filler", 0x115F}, {"halfwidth Hangul filler", 0xFFA0},
	{"line separator", 0x2028}, {"paragraph separator", 0x2029},
	{"private use", 0xE000}, {"unassigned", 0x0378}, {"replacement character", 0xFFFD},
}

// visibleRunes are shown as themselves by every user.
var visibleRunes = []rune{'a', ' ', 'é', '€', 0xA0, 0x3000, 0x1F600, '\t', '\n'}

func TestIs(t *testing.T) {
	for _, c := range hiddenClasses {
		if !invisible.Is(c.r) {
			t.Errorf("Is(%U) = false for a %s", c.r, c.class)
		}
	}
	for _, r := range visibleRunes {
		if invisible.Is(r) {
			t.Errorf("Is(%U) = true", r)
		}
	}
}

// users are the four places that show or judge catalog text: each reports whether it caught
// r in a text (a finding, a flag, or an escape that shows the code point).
var users = []struct {
	name   string
	caught func(t *testing.T, base *catalog.Catalog, r rune) bool
}{
	{"lint", func(t *testing.T, _ *catalog.Catalog, r rune) bool {
		schema := fmt.Sprintf("type Query {\n  \"%s\"\n  book(id: ID!): String\n}\n",
			"Returns one book by its identifier, with its title, its author and the year it came out"+graphQLChar(r)+" first.")
		_, ds := compile.Compile(compile.Inputs{SchemaPath: "schema.graphql", Schema: []byte(schema),
			AllowlistPath: "allowlist.yaml", Allowlist: []byte("tools:\n  book: {}\n"), Tokens: tokentest.Cache(t)})
		return strings.Contains(ds.String(), fmt.Sprintf("description-injection: the description of \"book\" holds the invisible code point %U", r))
	}},
	{"toolgen diff", func(t *testing.T, base *catalog.Catalog, r rune) bool {
		diff := func(added string) (*catdiff.Report, string) {
			rep := catdiff.Diff(base, withDescription(base, base.Tools[0].Description+" More"+added+"text."), catdiff.Options{})
			var md bytes.Buffer
			if err := render.Markdown(&md, rep, render.Options{}); err != nil {
				t.Fatal(err)
			}
			return rep, md.String()
		}
		rep, md := diff(string(r))
		_, plain := diff("") // its heading's ⚠️ holds U+FE0F: only more of r than that is a leak
		flagged := slices.ContainsFunc(rep.Changes, func(c catdiff.Change) bool {
			return strings.Contains(c.Message, fmt.Sprintf("invisible code points (%U)", r))
		})
		return flagged && strings.Contains(md, fmt.Sprintf("⟨%U⟩", r)) && strings.Count(md, string(r)) <= strings.Count(plain, string(r))
	}},
	{"CATALOG.md", func(t *testing.T, base *catalog.Catalog, r rune) bool {
		files, err := review.FilesFrom(withDescription(base, "Lists movies"+string(r)+"now."), review.Sources{})
		if err != nil {
			t.Fatal(err)
		}
		return shows(string(files[review.Path]), r, fmt.Sprintf("⟨%U⟩", r))
	}},
	{"approval display", func(t *testing.T, _ *catalog.Catalog, r rune) bool {
		// In the operation: variables are JSON, which escapes a control character itself.
		op := `mutation M { addMovie(title: "a` + string(r) + `b") { id } }`
		msg := mcpserve.ApprovalMessage(gate.Request{Tool: "addMovie", Operation: op, Variables: json.RawMessage(`{}`)})
		return shows(msg, r, fmt.Sprintf(`\u{%04X}`, r))
	}},
}

// shows reports whether text holds the escape and not r itself (U+FFFD is the one code point an
// escape of another may be read as, so only the escape is asked of it).
func shows(text string, r rune, escape string) bool {
	return strings.Contains(text, escape) && (r == 0xFFFD || !strings.ContainsRune(text, r))
}

// graphQLChar writes r inside a GraphQL string: a control character as an escape, which the
// lexer takes where it refuses the character itself.
func graphQLChar(r rune) string {
	if r < 0x20 || 0x7f <= r && r < 0xa0 {
		return fmt.Sprintf(`\u%04X`, r)
	}
	return string(r)
}

// withDescription is a copy of c whose first tool has description desc.
func withDescription(c *catalog.Catalog, desc string) *catalog.Catalog {
	next := *c
	next.Tools = slices.Clone(c.Tools)
	next.Tools[0].Description = desc
	return &next
}

// TestEveryUserCatchesEveryClass holds the lint, toolgen diff, CATALOG.md and the approval
// display to the one rule: a code point that hides text in one of them hides in none.
func TestEveryUserCatchesEveryClass(t *testing.T) {
	base := compiletest.Compile(t, compiletest.Example)
	for _, u := range users {
		for _, c := range hiddenClasses {
			if !u.caught(t, base, c.r) {
				t.Errorf("%s misses %U, a %s", u.name, c.r, c.class)
			}
		}
	}
}
