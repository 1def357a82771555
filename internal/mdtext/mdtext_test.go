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

// plainCode is Code without its fast path and with the backtick run found by search: the
// oracle of FuzzCode.
func plainCode(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", " "), "\r", " "), "\n", " ")
	ticks := "`"
	for strings.Contains(s, ticks) {
		ticks += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return ticks + s + ticks
}

// FuzzCode holds Code, the code span CATALOG.md and toolgen diff's comment share, to plainCode.
func FuzzCode(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a|b", "`x`", "``", "a ``` b", "a\r\nb\rc\n", "\xff", "\u200b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Code(s), plainCode(s); got != want {
			t.Errorf("Code(%q) = %q, want %q", s, got, want)
		}
	})
}
