// Package invisible is the one rule for code points a reader cannot see as themselves. The
// description lints, toolgen diff, CATALOG.md and the approval display all ask it, so text
// that one of them lets through none of the others hides. Standard library only: the runtime's
// approval display imports it.
package invisible

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Is reports whether r does not show as itself: controls (C0 but tab, line feed and carriage
// return, which are layout; DEL; C1); format characters (zero-width spaces and joiners, bidi
// embeddings, overrides and isolates, tag characters, the soft hyphen); every other
// default-ignorable code point (variation selectors, U+FE0F and U+E0100–E01EF among them, the
// Hangul fillers such as U+3164: text can be smuggled in them); private-use code points;
// whatever is neither a letter, mark, number, punctuation, symbol nor space (the line and
// paragraph separators U+2028 and U+2029, unassigned code points), which has no reliable
// glyph; and U+FFFD, which stands for bytes that are not UTF-8.
func Is(r rune) bool {
	if r < utf8.RuneSelf {
		return r < ' ' && r != '\t' && r != '\n' && r != '\r' || r == 0x7f
	}
	switch {
	case r == utf8.RuneError:
		return true
	case unicode.IsControl(r), unicode.In(r, unicode.Cf, unicode.Co, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point):
		return true
	}
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs)
}

// Find returns the first code point of s that Is finds; a byte that is not UTF-8 counts as
// U+FFFD.
func Find(s string) (rune, bool) {
	i := index(s)
	if i < 0 {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r, true
}

// All returns every code point of s that Is finds, in order.
func All(s string) []rune {
	var out []rune
	for rest := s; ; {
		i := index(rest)
		if i < 0 {
			return out
		}
		r, n := utf8.DecodeRuneInString(rest[i:])
		out = append(out, r)
		rest = rest[i+n:]
	}
}

// Replace returns s with each code point that Is finds written by show (a byte that is not
// UTF-8 as U+FFFD); s itself when it holds none, which is nearly all text.
func Replace(s string, show func(rune) string) string {
	i := index(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i >= 0 {
		b.WriteString(s[:i])
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteString(show(r))
		s = s[i+n:]
		i = index(s)
	}
	b.WriteString(s)
	return b.String()
}

// index is the byte offset of the first code point of s that Is finds, or -1.
func index(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if Is(rune(c)) {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if Is(r) {
			return i
		}
		i += n
	}
	return -1
}
