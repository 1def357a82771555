package tokencount

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/dlclark/regexp2"
	"unicode/utf8"
)

// The seed counted the movie tool at 75 o200k tokens; the same text must count the same here.
func TestCountMatchesSeed(t *testing.T) {
	s := "movie Returns a movie by its database identifier. Use this when you have an exact\nID, typically from a prior `search` or `movies` call. Returns null if no\nmovie exists with that ID, so check for null before assuming success. " +
		`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}`
	if n, err := Count(s); err != nil || n != 75 {
		t.Errorf("Count = %d, %v; want 75", n, err)
	}
	if n, _ := Count("<|endoftext|>"); n <= 1 {
		t.Errorf("special-token text counted as %d token(s); it must count as ordinary text", n)
	}
}

// TestLongRunsAreCountedQuickly: a stretch with nowhere the pre-tokenizer splits (one letter,
// spaces, CJK without punctuation, "/\n" repeated) was merged pair by pair in quadratic time:
// 100 KB of one letter took 17 s and a hostile schema's 4 MB description hours. Each is now
// counted within 2 % of the exact count (which the short ones check) in well under a second
// per megabyte.
func TestLongRunsAreCountedQuickly(t *testing.T) {
	e, err := load()
	if err != nil {
		t.Fatal(err)
	}
	for name, unit := range map[string]string{"letter": "a", "spaces": " ", "cjk": "漢字", "slash-newline": "/\n", "mixed case": "aB"} {
		t.Run(name, func(t *testing.T) {
			short := strings.Repeat(unit, 8000/len(unit))
			exact := len(e.EncodeOrdinary(short))
			got, err := Count(short)
			if err != nil {
				t.Fatal(err)
			}
			if diff := math.Abs(float64(got-exact)) / float64(exact); diff > 0.02 {
				t.Errorf("%d bytes counted %d, exactly %d", len(short), got, exact)
			}
			start := time.Now()
			if _, err := Count(strings.Repeat(unit, (1<<20)/len(unit))); err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("1 MiB took %v", took)
			}
		})
	}
}

// o200k is o200k_base's pre-tokenizer, as tiktoken-go compiles it: the oracle of
// FuzzSureSplits.
var o200k = regexp2.MustCompile(strings.Join([]string{
	`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
	`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
	`\p{N}{1,3}`,
	` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
	`\s*[\r\n]+`,
	`\s+(?!\S)`,
	`\s+`,
}, "|"), regexp2.None)

// FuzzSureSplits holds splits to the pre-tokenizer: no piece it hands the byte-pair merge
// crosses a place splits calls sure, so a text whose sure splits are under maxPiece bytes
// apart is counted exactly, and no piece of a chunk is longer than maxPiece.
func FuzzSureSplits(f *testing.F) {
	for _, s := range []string{"a", "Returns a movie by its id.", "it's 42 o'clock\r\n\tok", "漢字，漢字。", "a/b/c\n\n", "x\u0301y",
		"a  b", "a\t b", "A1b2", "x'S y", "a \u0300b", "a'  0000", "ab\n\n c", "ⅻa1", "a\u00a0b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // regexp2 reads a bad byte as U+FFFD, three bytes
		}
		rs := []rune(s)
		inside := make([]bool, len(rs)+1) // inside[j]: a piece holds runes j-1 and j
		m, _ := o200k.FindStringMatch(s)
		for ; m != nil; m, _ = o200k.FindNextMatch(m) {
			for j := m.Index + 1; j < m.Index+m.Length; j++ {
				inside[j] = true
			}
		}
		for j := 1; j < len(rs); j++ {
			if splits(rs[j-1], rs[j], string(rs[j+1:])) && inside[j] {
				t.Fatalf("%q splits surely before rune %d (%q|%q), but a piece crosses it", s, j, string(rs[:j]), string(rs[j:]))
			}
		}
	})
}
