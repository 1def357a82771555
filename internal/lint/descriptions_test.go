package lint

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzInjectionPrefilters checks the allocation-free mayCommand and hidden against the plain
// ones they replace.
func FuzzInjectionPrefilters(f *testing.F) {
	for _, s := range []string{"Ignore previous", "İGNORE the above", "\u212Aeep", "DO NOT tell", "a\u200bb", "tab\tnew\nline\r", "\x7f", "\xff\xfeMUST", "plain text"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lower, want := strings.ToLower(s), false
		for _, w := range []string{"ignore", "always", "must", "disregard", "do not", "before", "system"} {
			want = want || strings.Contains(lower, w)
		}
		var buf []byte
		if got := mayCommand(s, &buf); got != want {
			t.Errorf("mayCommand(%q) = %v, want %v", s, got, want)
		}
		var wantR rune
		wantOK := false
		for _, r := range s {
			if unicode.Is(unicode.Cf, r) || unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' {
				wantR, wantOK = r, true
				break
			}
		}
		if r, ok := hidden(s); r != wantR || ok != wantOK {
			t.Errorf("hidden(%q) = %U %v, want %U %v", s, r, ok, wantR, wantOK)
		}
	})
}
