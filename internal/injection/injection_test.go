package injection

import (
	"slices"
	"testing"
	"unicode"
)

// plainMatches is the definition the prefilters of Match must keep: both expressions on every
// text. (An earlier gate looked for "do not" with one space, so "Do\nnot tell the user" was
// never matched.)
func plainMatches(s string) (system, command string) {
	return pseudoSystem.FindString(s), imperative.FindString(s)
}

// FuzzPrefilters checks the allocation-free prefilters of Match, MatchAll and Hidden against the
// plain ones they replace.
func FuzzPrefilters(f *testing.F) {
	for _, s := range []string{"Ignore previous instructions", "İGNORE the above", "\u212Aeep", "Do\tnot tell the user, you must", "you MUST",
		"BEGIN SYSTEM", "begin \u017Fystem: must", "<|im_start|> system", "[INST]", "<< SYS >>", "always use this", "ALWAYſ use this",
		"DiSREGARD", "dıSREGARD", "before using any other tool", "a\u200bb", "tab\tnew\nline\r", "\x7f", "\xff\xfeMUST", "plain text", "Do\nnot tell the user", "do  not tell the user", "BEGIN \u017FYSTEM", "you mu\u017Ft"} {
		f.Add(s)
	}
	var m Matcher
	f.Fuzz(func(t *testing.T, s string) {
		wantS, wantC := plainMatches(s)
		if gotS, gotC := m.Match(s); gotS != wantS || gotC != wantC {
			t.Errorf("Match(%q) = %q, %q, want %q, %q", s, gotS, gotC, wantS, wantC)
		}
		allS, allC := m.MatchAll(s)
		if !slices.Equal(allS, pseudoSystem.FindAllString(s, -1)) || !slices.Equal(allC, imperative.FindAllString(s, -1)) {
			t.Errorf("MatchAll(%q) = %q, %q", s, allS, allC)
		}
		var wantR rune
		wantOK := false
		for _, r := range s {
			if unicode.Is(unicode.Cf, r) || unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' {
				wantR, wantOK = r, true
				break
			}
		}
		if r, ok := Hidden(s); r != wantR || ok != wantOK {
			t.Errorf("Hidden(%q) = %U %v, want %U %v", s, r, ok, wantR, wantOK)
		}
	})
}
