package review

import (
	"strings"
	"testing"
)

// The cell helper as it was before its fast path: the oracle of FuzzEscaping.
func plainCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.Join(lines(s), "<br>")
}

// FuzzEscaping checks the cell helper's fast path against the plain helper (mdtext's FuzzCode
// does the same for code spans).
func FuzzEscaping(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a|b", "`x`", "a\r\nb\rc\n", "é b", "a\u00a0b", "a\u0085b", "\x7f", "\x00", "\xff", "\u200b", "a\vb\fc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, h := range []struct {
			name        string
			fast, plain func(string) string
		}{{"cell", cell, plainCell}} {
			if got, want := h.fast(s), h.plain(s); got != want {
				t.Errorf("%s(%q) = %q, want %q", h.name, s, got, want)
			}
		}
	})
}
