package invisible

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FuzzFast holds Find, All and Replace, which skip ASCII without decoding, to the plain loop
// over the code points of s.
func FuzzFast(f *testing.F) {
	for _, s := range []string{"", "plain", "tab\tnew\nline\r", "\x7f", "a\u200bb", "\xff\xfe", "❤\uFE0F", "\U000E0100x", "ㅤ", "a\u2028b", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var all []rune
		var b strings.Builder
		for _, r := range s {
			if Is(r) {
				all = append(all, r)
				fmt.Fprintf(&b, "<%X>", r)
			} else {
				b.WriteRune(r)
			}
		}
		if got := All(s); !slices.Equal(got, all) {
			t.Errorf("All(%q) = %U, want %U", s, got, all)
		}
		r, ok := Find(s)
		if ok != (len(all) > 0) || ok && r != all[0] {
			t.Errorf("Find(%q) = %U %v, want the first of %U", s, r, ok, all)
		}
		if got := Replace(s, func(r rune) string { return fmt.Sprintf("<%X>", r) }); got != b.String() {
			t.Errorf("Replace(%q) = %q, want %q", s, got, b.String())
		}
	})
}
