package review

import (
	"strings"
	"testing"
)

// The escaping helpers as they were before their fast paths: the oracle of FuzzEscaping.
func plainCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.Join(lines(s), "<br>")
}

func plainCode(s string) string {
	s = strings.Join(lines(s), " ")
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return ticks + s + ticks
}

// FuzzEscaping checks each helper's fast path against the plain helper.
func FuzzEscaping(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a|b", "`x`", "a\r\nb\rc\n", "é b", "a\u00a0b", "a\u0085b", "\x7f", "\x00", "\xff", "\u200b", "a\vb\fc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, h := range []struct {
			name        string
			fast, plain func(string) string
		}{{"cell", cell, plainCell}, {"code", code, plainCode}} {
			if got, want := h.fast(s), h.plain(s); got != want {
				t.Errorf("%s(%q) = %q, want %q", h.name, s, got, want)
			}
		}
	})
}
