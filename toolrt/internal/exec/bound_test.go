package exec

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBound(t *testing.T) {
	short := strings.Repeat("é", MaxModelChars)
	if Bound(short) != short {
		t.Error("text at the cap was changed")
	}
	// Bytes at the cap take the shortcut; one more is counted and cut.
	if ascii := strings.Repeat("a", MaxModelChars); Bound(ascii) != ascii || Bound(ascii+"b") == ascii+"b" {
		t.Error("ASCII text at the cap was changed, or one character over it was not cut")
	}
	long := strings.Repeat("a", 10) + strings.Repeat("日本", MaxModelChars)
	got := Bound(long)
	if n := utf8.RuneCountInString(got); n > MaxModelChars {
		t.Errorf("bounded text is %d characters", n)
	}
	if !utf8.ValidString(got) {
		t.Error("cut inside a rune")
	}
	want := "\n[truncated: the result was 48010 characters; only the first 23900 are shown]"
	if !strings.HasSuffix(got, want) {
		t.Errorf("marker missing; tail %q", got[len(got)-100:])
	}
}
