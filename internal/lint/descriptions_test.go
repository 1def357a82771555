package lint

import (
	"testing"
	"unicode"
)

// plainMatches is the definition the prefilters of matches must keep: both expressions on
// every text. (An earlier gate looked for "do not" with one space, so "Do\nnot tell the user"
// was never matched.)
func plainMatches(s string) (system, command string) {
	return pseudoSystem.FindString(s), imperative.FindString(s)
}

// FuzzInjectionPrefilters checks the allocation-free prefilters of matches and hidden against
// the plain ones they replace.
func FuzzInjectionPrefilters(f *testing.F) {
	for _, s := range []string{"Ignore previous instructions", "İGNORE the above", "\u212Aeep", "Do\tnot tell the user, you must", "you MUST",
		"BEGIN SYSTEM", "begin \u017Fystem: must", "<|im_start|> system", "[INST]", "<< SYS >>", "always use this", "ALWAYſ use this",
		"DiSREGARD", "dıSREGARD", "before using any other tool", "a\u200bb", "tab\tnew\nline\r", "\x7f", "\xff\xfeMUST", "plain text", "Do\nnot tell the user", "do  not tell the user", "BEGIN \u017FYSTEM", "you mu\u017Ft"} {
		f.Add(s)
	}
	l := &linter{}
	f.Fuzz(func(t *testing.T, s string) {
		wantS, wantC := plainMatches(s)
		if gotS, gotC := l.matches(s); gotS != wantS || gotC != wantC {
			t.Errorf("matches(%q) = %q, %q, want %q, %q", s, gotS, gotC, wantS, wantC)
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

// FuzzRestatesName holds the early-exit restatesName to the plain one over sets of words.
func FuzzRestatesName(f *testing.F) {
	f.Add("getUser", "Gets the user.")
	f.Add("movies", "Lists all movies")
	f.Add("createIssue", "Creates an issue in a repository.")
	f.Add("x", "")
	f.Fuzz(func(t *testing.T, name, desc string) {
		nameWords := map[string]bool{}
		for _, w := range splitName(name) {
			nameWords[stem(w)] = true
		}
		want := true
		for w := range refWords(desc) {
			want = want && nameWords[stem(w)]
		}
		if got := restatesName(name, desc); got != want {
			t.Errorf("restatesName(%q, %q) = %v, want %v", name, desc, got, want)
		}
	})
}
