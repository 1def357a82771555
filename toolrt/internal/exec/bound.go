package exec

import (
	"fmt"
	"unicode/utf8"
)

// MaxModelChars is the most text one tool result hands a model, marker included.
const MaxModelChars = 24000

// markerRoom is kept free for the marker; the longest possible marker is under 100 characters.
const markerRoom = 100

// Bound caps s at MaxModelChars characters, cutting on a rune boundary and ending with a
// marker that states the original size, so the model knows it saw only part of the result.
func Bound(s string) string {
	if len(s) <= MaxModelChars { // no more characters than bytes: nothing to count
		return s
	}
	n := utf8.RuneCountInString(s)
	if n <= MaxModelChars {
		return s
	}
	keep := MaxModelChars - markerRoom
	cut := 0
	for range keep {
		_, size := utf8.DecodeRuneInString(s[cut:])
		cut += size
	}
	return s[:cut] + fmt.Sprintf("\n[truncated: the result was %d characters; only the first %d are shown]", n, keep)
}
