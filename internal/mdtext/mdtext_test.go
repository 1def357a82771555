package mdtext

import (
	"strings"
	"testing"
)

// FuzzOneLine holds OneLine's shortcut for single-spaced ASCII to the plain join of fields.
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "é b", "a\u00a0b", "a\u0085b", "a\vb\fc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := OneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestEscapeShowsMarkup: what Markdown reads as markup comes out escaped, and the hidden code
// points visible.
func TestEscapeShowsMarkup(t *testing.T) {
	for in, want := range map[string]string{
		"<!-- x -->":        "&lt;\\!-- x --&gt;",
		"[//]: # (x)":       `\[//\]: \# (x)`,
		"a_b *c* `d`":       "a\\_b \\*c\\* \\`d\\`",
		"a\u200bb &#8203;":  "a⟨U+200B⟩b &amp;\\#8203;",
		"bad \xff byte":     "bad ⟨U+FFFD⟩ byte",
		"plain text, kept.": "plain text, kept.",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}
