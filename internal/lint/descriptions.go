package lint

import (
	"fmt"
	"github.com/toolgen/toolgen/internal/plural"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/injection"
	"github.com/toolgen/toolgen/internal/invisible"
	"github.com/toolgen/toolgen/internal/mdtext"
	"github.com/vektah/gqlparser/v2/ast"
)

// subject names the text injection checks: a tool's description, or one of its inputs'. Both
// name the tool quoted, as every lint does (toolgen init attributes a finding by it).
type subject struct {
	tool  string
	input string // the input's dotted path; empty for the tool's own description
	// dflt: the text is the input's default value, which the model reads in the input schema
	// as it reads a description.
	dflt bool
}

func (s subject) String() string {
	switch {
	case s.dflt:
		return fmt.Sprintf("the default of %q's input %s", s.tool, s.input)
	case s.input != "":
		return fmt.Sprintf("the description of %q's input %s", s.tool, s.input)
	}
	return fmt.Sprintf("the description of %q", s.tool)
}

// injection checks one description: hidden text (invisible code points, markup a rendered page
// hides) or system markup is an error, text that commands the model a warning.
func (l *linter) injection(tool string, what subject, desc string, pos ast.Position) {
	if desc == "" {
		return
	}
	fix := func() string {
		return "describe what the tool does and returns, for a reader; " + l.suppressFix(tool, "description-injection")
	}
	if r, ok := invisible.Find(desc); ok {
		l.report(Finding{Rule: "description-injection", Tool: tool, Severity: diag.Error, Pos: pos,
			Message: fmt.Sprintf("%s holds the invisible code point U+%04X: a reviewer cannot see what the model reads", what, r), Fix: "remove it; " + fix()})
	}
	if ms := injection.HiddenMarkup(desc); len(ms) > 0 {
		l.report(Finding{Rule: "description-injection", Tool: tool, Severity: diag.Error, Pos: pos,
			Message: fmt.Sprintf("%s holds %q, markup that a rendered page shows as less than the model reads", what, ms[0]),
			Fix:     "write it as plain text, or inside `backticks` when it is an example; " + fix()})
	}
	system, command := l.inject.Match(desc)
	if system != "" {
		l.report(Finding{Rule: "description-injection", Tool: tool, Severity: diag.Error, Pos: pos,
			Message: fmt.Sprintf("%s holds %q, which imitates a system prompt or chat template", what, system), Fix: fix()})
	}
	if command != "" {
		l.report(Finding{Rule: "description-injection", Tool: tool, Severity: diag.Warning, Pos: pos,
			Message: fmt.Sprintf("%s addresses the model (%q) instead of describing the tool", what, command), Fix: fix()})
	}
}

// descPos is where a tool's description comes from: its allow-list entry when it sets one,
// else the root field in the schema.
func (l *linter) descPos(tool string) ast.Position {
	if e := l.entries[tool]; e != nil && strings.TrimSpace(e.Description) != "" {
		return l.entryPos(tool)
	}
	if f := l.rootField(tool); f != nil {
		return l.posIn(tool, f.Position)
	}
	return l.entryPos(tool)
}

func (l *linter) rootField(name string) *ast.FieldDefinition {
	for _, def := range []*ast.Definition{l.in.Schema.Query, l.in.Schema.Mutation} {
		if def != nil {
			if f := def.Fields.ForName(name); f != nil {
				return f
			}
		}
	}
	return nil
}

// minWords is the shortest description that can say what a tool does, what it needs and what it
// returns; shorter ones leave the model guessing between neighbours.
const minWords = 12

// descriptions checks every tool description for injection and for being too short to choose by.
func (l *linter) descriptions() {
	for _, t := range l.in.Catalog.Tools {
		pos := l.descPos(t.Name)
		l.injection(t.Name, subject{tool: t.Name}, t.Description, pos)
		n := len(strings.Fields(t.Description))
		switch {
		case restatesName(t.Name, t.Description):
			l.report(Finding{Rule: "description-too-short", Tool: t.Name, Severity: diag.Warning, Pos: pos,
				Message: fmt.Sprintf("the description of %q only restates its name: %s", t.Name, quoteDescription(t.Description)),
				Fix:     "say when to use it, what it needs and what it returns; " + l.suppressFix(t.Name, "description-too-short")})
		case n < minWords:
			l.report(Finding{Rule: "description-too-short", Tool: t.Name, Severity: diag.Warning, Pos: pos,
				Message: fmt.Sprintf("the description of %q has %d words, under %d: %s", t.Name, n, minWords, quoteDescription(t.Description)),
				Fix:     "say when to use it, what it needs and what it returns (description: in " + l.allowName() + " overrides the schema's); " + l.suppressFix(t.Name, "description-too-short")})
		}
	}
}

// maxQuoted is the most of a description a message quotes: a hostile schema's description of a
// few words can be megabytes long (one word of 4 MB), which every message quoting it repeated
// on the terminal, in catalog.json's findings and on CATALOG.md.
const maxQuoted = 400

// quoteDescription is a description on one line, quoted, its middle cut with its length when
// it is over maxQuoted bytes.
func quoteDescription(desc string) string {
	s := mdtext.OneLine(desc)
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	head, tail := maxQuoted/2, len(s)-maxQuoted/2
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return fmt.Sprintf("%q … %q (%d bytes in all)", s[:head], s[tail:], len(desc))
}

// restatesName reports whether every content word of the description is a word of the name
// ("Gets the user." for getUser).
func restatesName(name, desc string) bool {
	var nameWords []string // a name has a few words: a list is quicker than a map
	for _, w := range splitName(name) {
		nameWords = append(nameWords, plural.Key(w))
	}
	restates := true // also when the description has no content word at all
	forContentWords(desc, func(w string) bool {
		restates = slices.Contains(nameWords, plural.Key(w))
		return restates
	})
	return restates
}

// splitName splits camelCase and snake_case into lower-case words.
func splitName(name string) []string {
	var out []string
	cur := []rune{}
	for i, r := range name {
		if r == '_' || r == '-' {
			if len(cur) > 0 {
				out, cur = append(out, strings.ToLower(string(cur))), cur[:0]
			}
			continue
		}
		if unicode.IsUpper(r) && i > 0 && len(cur) > 0 && !unicode.IsUpper(cur[len(cur)-1]) {
			out, cur = append(out, strings.ToLower(string(cur))), cur[:0]
		}
		cur = append(cur, r)
	}
	if len(cur) > 0 {
		out = append(out, strings.ToLower(string(cur)))
	}
	return out
}
