package lint

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// Markup that imitates a chat template's roles or a system prompt: no API documentation needs it.
var pseudoSystem = regexp.MustCompile(`(?i)<\s*/?\s*(system|assistant|instructions?|im_start|im_end)\s*>|\[/?INST\]|<<\s*/?SYS\s*>>|<\|[a-z_]+\|>|\bBEGIN SYSTEM\b`)

// Phrases that address the model rather than describe the tool.
var imperative = regexp.MustCompile(`(?i)\bignore\s+(all\s+|any\s+|the\s+)?(previous|prior|above|earlier)\b|\balways\s+(call|use|invoke|run|choose|prefer)\s+this\b|\byou\s+must\b|\bdisregard\b|\bdo\s+not\s+(tell|inform|mention\s+this\s+to)\s+the\s+user\b|\bbefore\s+(calling|using)\s+any\s+other\s+tool\b`)

// Narrower words, one of which each pattern needs to match at all. Under (?i) a letter matches
// the runes of its case-folding orbit, and unicode.ToLower takes each of those to the letter
// itself for these words (not for s and k: ſ and the Kelvin sign), so the lowered text holds
// the word whenever a pattern could match.
var (
	imperativeWords = [][]byte{[]byte("ignore"), []byte("alway"), []byte("you"), []byte("regard"), []byte("before")}
	systemWord      = []byte("begin")
)

// lowered is strings.ToLower(s) as bytes; ASCII text, nearly all of it, is lowered into the
// linter's scratch space rather than a new string.
func (l *linter) lowered(s string) []byte {
	if !isASCII(s) {
		return []byte(strings.ToLower(s)) // unicode.ToLower takes U+0130 to i, U+212A to k
	}
	b := append(l.lower[:0], s...)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	l.lower = b
	return b
}

// mayImperative reports whether the imperative patterns could match the lowered text: one of
// their words, or "do" and a space (do\s+not).
func mayImperative(lower []byte) bool {
	if containsAny(lower, imperativeWords) {
		return true
	}
	for i := 0; i+2 < len(lower); i++ {
		if lower[i] == 'd' && lower[i+1] == 'o' && strings.IndexByte("\t\n\f\r ", lower[i+2]) >= 0 {
			return true
		}
	}
	return false
}

func containsAny(b []byte, words [][]byte) bool {
	for _, w := range words {
		if bytes.Contains(b, w) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hidden finds the first code point a reader cannot see: format characters (zero-width spaces
// and joiners, bidi embeddings, overrides and isolates, tag characters) and controls other than
// tab and line ends. ASCII has no format character, and its controls are below space and DEL.
func hidden(s string) (rune, bool) {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c < ' ' && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
				return rune(c), true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.Is(unicode.Cf, r) || unicode.IsControl(r) {
			return r, true
		}
		i += n
	}
	return 0, false
}

// subject names the text injection checks: a tool's description, or an input's.
type subject struct {
	input bool
	name  string // the tool, or the input's dotted path
}

func (s subject) String() string {
	if s.input {
		return "the description of input " + s.name
	}
	return fmt.Sprintf("the description of %q", s.name)
}

// injection checks one description: hidden text or system markup is an error, text that
// commands the model a warning.
func (l *linter) injection(tool string, what subject, desc string, pos ast.Position) {
	if desc == "" {
		return
	}
	fix := func() string {
		return "describe what the tool does and returns, for a reader; " + l.suppressFix(tool, "description-injection")
	}
	if r, ok := hidden(desc); ok {
		l.report(Finding{Rule: "description-injection", Tool: tool, Severity: diag.Error, Pos: pos,
			Message: fmt.Sprintf("%s holds the invisible code point U+%04X: a reviewer cannot see what the model reads", what, r), Fix: "remove it; " + fix()})
	}
	system, command := l.matches(desc)
	if system != "" {
		l.report(Finding{Rule: "description-injection", Tool: tool, Severity: diag.Error, Pos: pos,
			Message: fmt.Sprintf("%s holds %q, which imitates a system prompt or chat template", what, system), Fix: fix()})
	}
	if command != "" {
		l.report(Finding{Rule: "description-injection", Tool: tool, Severity: diag.Warning, Pos: pos,
			Message: fmt.Sprintf("%s addresses the model (%q) instead of describing the tool", what, command), Fix: fix()})
	}
}

// matches returns the text of desc that imitates system markup and the text that commands the
// model, each "" for none. Each expression runs only on text that holds what it needs to match
// ("<", "[" or "begin" for markup; mayImperative's words for commands): the expressions cost far
// more than these tests, and most text passes neither.
func (l *linter) matches(desc string) (system, command string) {
	lower := l.lowered(desc)
	if strings.ContainsAny(desc, "<[") || bytes.Contains(lower, systemWord) {
		system = pseudoSystem.FindString(desc)
	}
	if mayImperative(lower) {
		command = imperative.FindString(desc)
	}
	return system, command
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
		l.injection(t.Name, subject{name: t.Name}, t.Description, pos)
		n := len(strings.Fields(t.Description))
		switch {
		case restatesName(t.Name, t.Description):
			l.report(Finding{Rule: "description-too-short", Tool: t.Name, Severity: diag.Warning, Pos: pos,
				Message: fmt.Sprintf("the description of %q only restates its name: %q", t.Name, oneLine(t.Description)),
				Fix:     "say when to use it, what it needs and what it returns; " + l.suppressFix(t.Name, "description-too-short")})
		case n < minWords:
			l.report(Finding{Rule: "description-too-short", Tool: t.Name, Severity: diag.Warning, Pos: pos,
				Message: fmt.Sprintf("the description of %q has %d words, under %d: %q", t.Name, n, minWords, oneLine(t.Description)),
				Fix:     "say when to use it, what it needs and what it returns (description: in " + l.allowName() + " overrides the schema's); " + l.suppressFix(t.Name, "description-too-short")})
		}
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// restatesName reports whether every content word of the description is a word of the name
// ("Gets the user." for getUser).
func restatesName(name, desc string) bool {
	var nameWords []string // a name has a few words: a list is quicker than a map
	for _, w := range splitName(name) {
		nameWords = append(nameWords, stem(w))
	}
	restates := true // also when the description has no content word at all
	forContentWords(desc, func(w string) bool {
		restates = slices.Contains(nameWords, stem(w))
		return restates
	})
	return restates
}

// stem folds the plural and verb endings that make "Gets movies" restate getMovie.
func stem(w string) string {
	for _, suf := range []string{"ies", "es", "s"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
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
