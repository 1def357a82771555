package gocode

// comments.go turns GraphQL descriptions into Go doc comments. Every line is emitted as its own
// "// " comment: jennifer renders a multi-line comment as /* */, which a "*/" in a description
// would close early. Text is cleaned of what Go source may not hold and long lines are wrapped.

import (
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"
)

// wrapAt is the longest comment text on one line before it is wrapped at a space.
const wrapAt = 96

// comment returns doc comment lines: head, a blank comment line, then body; an empty part is
// left out.
func comment(head, body string) []string {
	var lines []string
	for _, part := range []string{head, body} {
		text := clean(part)
		if text == "" {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "//")
		}
		for _, l := range strings.Split(text, "\n") {
			lines = append(lines, commentLines(l)...)
		}
	}
	return lines
}

// commentLines wraps one line of text into comment lines. Indented lines are kept whole: they are
// code or list items to go doc.
func commentLines(line string) []string {
	if line == "" {
		return []string{"//"}
	}
	if line[0] == ' ' || line[0] == '\t' {
		return []string{"// " + line}
	}
	var out []string
	cur := ""
	for _, w := range strings.Fields(line) {
		if cur != "" && len(cur)+1+len(w) > wrapAt {
			out = append(out, "// "+cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	return append(out, "// "+cur)
}

// clean normalises line ends and replaces with U+FFFD what Go source may not contain (invalid
// UTF-8, NUL, a byte order mark) or a reader would not see (other control characters), so that
// odd bytes in a description stay visible; then it trims blank edges.
func clean(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if r == '\uFEFF' || (unicode.IsControl(r) && r != '\n' && r != '\t') {
			return '\uFFFD'
		}
		return r
	}, s)
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
