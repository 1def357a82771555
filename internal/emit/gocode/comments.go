package gocode

// comments.go turns GraphQL descriptions into Go doc comments. Every line is emitted as its own
// "// " comment: jennifer renders a multi-line comment as /* */, which a "*/" in a description
// would close early. Text is cleaned of what Go source may not hold and long lines are wrapped.

import (
	godoc "go/doc/comment"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"
	"github.com/toolgen/toolgen/internal/mdtext"
)

// wrapAt is the longest comment text on one line before it is wrapped at a space.
const wrapAt = 96

// docs remembers the comment of each (head, body) pair within one rendering: GitHub's catalog
// repeats the same argument descriptions hundreds of times ("Returns the first _n_ elements
// from the list."), and printing one through go/doc/comment costs more than the lookup.
type docs map[[2]string][]string

// comment is the package function comment, once per distinct pair. Callers only read the result.
func (d docs) comment(head, body string) []string {
	key := [2]string{head, body}
	if lines, ok := d[key]; ok {
		return lines
	}
	lines := comment(head, body)
	d[key] = lines
	return lines
}

// comment returns doc comment lines: head, a blank comment line, then body; an empty part is
// left out. The lines are printed by go/doc/comment, the printer gofmt uses for doc comments, so
// a description's lists, code blocks and indented lines come out as gofmt would leave them and a
// generated file passes gofmt -l.
func comment(head, body string) []string {
	var lines []string
	for _, part := range []string{head, body} {
		text := clean(part)
		if text == "" {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		for _, l := range strings.Split(text, "\n") {
			lines = append(lines, commentLines(l)...)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	out := strings.Split(strings.TrimSuffix(docText(strings.Join(lines, "\n")), "\n"), "\n")
	for i, l := range out { // the printer leaves the markers out; gofmt writes them like this
		switch {
		case l == "":
			out[i] = "//"
		case l[0] == '\t':
			out[i] = "//" + l
		default:
			out[i] = "// " + l
		}
	}
	return out
}

// docText is text as gofmt prints a doc comment. One pass is not always a fixed point (a list
// whose first item the printer moves can read differently the next time), and gofmt runs on
// what we write, so print until the text stays the same.
func docText(text string) string {
	var p godoc.Parser
	var pr godoc.Printer
	// The printer ends the text with a newline: with one already, a text that is a fixed
	// point (most descriptions) is seen as one after a single pass instead of two.
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if plain(text) {
		return text
	}
	for range 4 {
		next := string(pr.Comment(p.Parse(text)))
		if next == text {
			break
		}
		text = next
	}
	return text
}

// plain reports whether text is one paragraph that go/doc/comment prints back unchanged, so
// most descriptions skip the parser: printable ASCII lines, none blank or indented (no list,
// code block or heading), no bracket (no doc link), no '#' first (no heading), no double space
// and no two backquotes or two single quotes in a row (printed as curly quotes).
// FuzzPlainIsAFixedPoint checks the claim against the printer.
func plain(text string) bool {
	lineStart := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			if lineStart {
				return false // a blank line: more than one paragraph
			}
			lineStart = true
			continue
		case c < ' ' || c > '~' || c == '[' || c == ']':
			return false
		case lineStart && (c == ' ' || c == '#'):
			return false
		case (c == ' ' || c == '`' || c == '\'') && i > 0 && text[i-1] == c:
			return false // a double space, or `` and '' (printed as curly quotes)
		}
		lineStart = false
	}
	return true
}

// commentLines wraps one line of text at spaces. Indented lines are kept whole: they are code or
// list items to go doc.
func commentLines(line string) []string {
	if line == "" || line[0] == ' ' || line[0] == '\t' {
		return []string{line}
	}
	var out []string
	var cur strings.Builder // not string +=: a long description would copy each line per word
	for _, w := range strings.Fields(line) {
		if cur.Len() > 0 && cur.Len()+1+len(w) > wrapAt {
			out = append(out, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	return append(out, cur.String())
}

// clean normalises line ends and shows as ⟨U+XXXX⟩ what Go source may not contain (invalid
// UTF-8, NUL, a byte order mark) or a reader would not see (internal/invisible), so that odd
// bytes in a description stay visible; then it trims blank edges.
func clean(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = mdtext.Visible(s) // invisible's one rule, shown as on CATALOG.md: ⟨U+200B⟩
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// withDoc puts comment lines above a declaration. Lines start with "//", which tells jennifer to
// render them verbatim.
func withDoc(lines []string, decl *jen.Statement) jen.Code {
	s := jen.Null()
	for _, l := range lines {
		s.Comment(l).Line()
	}
	return s.Add(decl)
}
