package gocode

import (
	"testing"
	"unicode/utf8"
)

// FuzzPlainIsAFixedPoint checks docText's shortcut: a text plain accepts must be one that
// go/doc/comment prints back byte for byte, or the shortcut would write what gofmt rewrites.
func FuzzPlainIsAFixedPoint(f *testing.F) {
	for _, s := range []string{
		"Returns the first _n_ elements from the list.\n",
		"The HTTP URL for this issue: https://example.com/x?y=1.\nA second line, wrapped.\n",
		"- not a list without indentation\n1. nor a numbered one\n",
		"Deprecated: use other. See also: `code` and *stars* and a/b.\n",
		"Trailing colon:\n",
		"A (parenthesised) line, with commas\n",
		"It's a 'single' quote and a `code` span; see http://x.io/a_b and mailto:me@x.io.\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		if len(s) == 0 || s[len(s)-1] != '\n' {
			s += "\n"
		}
		if !plain(s) {
			return
		}
		if got := docText(s + "\n\n"); got != s { // defeats the shortcut: printed for real
			t.Fatalf("plain(%q), but go/doc/comment prints %q", s, got)
		}
	})
}

func TestPlain(t *testing.T) {
	for s, want := range map[string]bool{
		"Returns the first _n_ elements.\n":      true,
		"Two lines\nof one paragraph.\n":         true,
		"Two\n\nparagraphs.\n":                   false,
		"  indented code\n":                      false,
		"# Heading\n":                            false,
		"See [Foo].\n":                           false,
		"Double  space.\n":                       false,
		"Tab\tinside.\n":                         false,
		"``quoted''\n":                           false,
		"Non-ASCII: café.\n":                     false,
		"Line one\n- a dash first, unindented\n": true,
	} {
		if got := plain(s); got != want {
			t.Errorf("plain(%q) = %v, want %v", s, got, want)
		}
	}
}
