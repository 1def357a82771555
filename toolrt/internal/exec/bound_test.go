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
