// Package mdtext makes catalog text (descriptions, notes, messages: what the model reads) safe
// to show on a Markdown page, so that a reviewer of CATALOG.md or of toolgen diff's comment sees
// every character the model is given. Both pages escape through it, so neither can hide what
// the other shows.
package mdtext

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/invisible"
)

// Visible shows each code point a reader could not see (internal/invisible's rule) as
// ⟨U+XXXX⟩, and bytes that are not UTF-8 as ⟨U+FFFD⟩: a description that hides text must not
// hide it on the page too.
func Visible(s string) string {
	return invisible.Replace(s, func(r rune) string { return fmt.Sprintf("⟨U+%04X⟩", r) })
}

// escaper backslash-escapes every character Markdown could read as markup, and writes HTML's
// &, < and > as entity references. Escaping all of it, not only what is known to hide text, is
// the one rule that keeps the page showing exactly what the model reads: an HTML comment, a tag
// with hidden attributes, a link-reference definition ([//]: # (…)), a link's address, an
// entity such as &#8203; or emphasis would otherwise render as less than the text.
var escaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;",
	"|", `\|`, "~", `\~`, "#", `\#`, "!", `\!`, "&", "&amp;",
)

// Escape is s made visible and escaped so that Markdown shows it as written. Line ends are
// kept: the caller puts the text on one line (OneLine) or in a block quote.
func Escape(s string) string {
	return escaper.Replace(Visible(s))
}

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// HTML is s made visible and escaped for the inside of an HTML element such as <summary>,
// where Markdown is not read.
func HTML(s string) string {
	return htmlEscaper.Replace(Visible(s))
}

// OneLine joins text onto one line, its words apart by single spaces, for a list item or a
// table cell that a line end would split.
func OneLine(s string) string {
	if singleSpaced(s) {
		return s // nearly all catalog text: nothing to allocate
	}
	return strings.Join(strings.Fields(s), " ")
}

// singleSpaced reports whether s is ASCII with its words already apart by single spaces, so
// that strings.Fields and a join would give s back.
func singleSpaced(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf, c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		}
	}
	return true
}

// Code is s as a code span: on one line (a line end is a space, as CommonMark reads it), with a
// backtick run longer than any inside s so that s cannot end it early.
func Code(s string) string {
	if !strings.ContainsAny(s, "`\r\n") {
		return "`" + s + "`" // most spans: one backtick each side and no space needed
	}
	s = lineEnds.Replace(s)
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " " // CommonMark strips one space on each side
	}
	return ticks + s + ticks
}

var lineEnds = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ")

// Fence returns a code fence longer than any backtick run in s, so s cannot close it early.
func Fence(s string) string {
	return strings.Repeat("`", max(3, longestRun(s, '`')+1))
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}
