package review

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFormatOperation(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{
			"query Tool_movie($id: ID!) { movie(id: $id) { id title } }",
			"query Tool_movie($id: ID!) {\n  movie(id: $id) {\n    id\n    title\n  }\n}",
		},
		{
			"query Tool_s($q: String! = \"a { b\") { search(query: $q) { __typename ... on Movie { ...MovieCard } ... on Person @include(if: true) { name: fullName } } } fragment MovieCard on Movie { id }",
			"query Tool_s($q: String! = \"a { b\") {\n  search(query: $q) {\n    __typename\n    ... on Movie {\n      ...MovieCard\n    }\n" +
				"    ... on Person @include(if: true) {\n      name: fullName\n    }\n  }\n}\nfragment MovieCard on Movie {\n  id\n}",
		},
		{
			"mutation Tool_m($in: [In!] = [{a: 1, b: [2]}]) { m(in: $in, opt: {x: \"}\"}) }",
			"mutation Tool_m($in: [In!] = [{ a: 1, b: [2] }]) {\n  m(in: $in, opt: { x: \"}\" })\n}",
		},
		{"query { a { b }", "query { a { b }"}, // unbalanced: shown as it is
	} {
		if diff := cmp.Diff(tc.want, formatOperation(tc.in)); diff != "" {
			t.Errorf("formatOperation(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// FuzzFormatOperation checks that layout only ever moves whitespace.
func FuzzFormatOperation(f *testing.F) {
	f.Add("query Tool_movie($id: ID!) { movie(id: $id) { id title } }")
	f.Add(`query { a(s: """x "" \""" y""") # c` + "\n" + ` { ...F } } fragment F on A { b }`)
	f.Fuzz(func(t *testing.T, doc string) {
		want, wantOK := plainTokenize(doc)
		if got, ok := tokenize(doc); !slices.Equal(got, want) || ok != wantOK {
			t.Errorf("tokenize(%q) = %q %v, want %q %v", doc, got, ok, want, wantOK)
		}
		if got, _ := tokenize(formatOperation(doc)); !slices.Equal(got, want) {
			t.Errorf("tokens changed:\n%q\n%q", doc, got)
		}
	})
}

// plainTokenize is tokenize before its byte tests: the oracle of FuzzFormatOperation.
func plainTokenize(doc string) ([]string, bool) {
	var toks []string
	for i := 0; i < len(doc); {
		c := doc[i]
		j, ok := i+1, true
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i = j
			continue
		case strings.HasPrefix(doc[i:], `"""`):
			j, ok = blockStringEnd(doc, i+3)
		case c == '"':
			j, ok = stringEnd(doc, i+1)
		case c == '#':
			j = i + strings.IndexAny(doc[i:]+"\n", "\r\n")
		case strings.HasPrefix(doc[i:], "..."):
			j = i + 3
		case !strings.ContainsRune(punctuators, rune(c)):
			for j < len(doc) && !strings.ContainsRune(punctuators+" \t\r\n\"#", rune(doc[j])) && !strings.HasPrefix(doc[j:], "...") {
				j++
			}
		}
		if !ok {
			return nil, false
		}
		toks = append(toks, doc[i:j])
		i = j
	}
	return toks, true
}

// TestPunctuatorBytes holds the tokenizer's byte sets to the strings they stand for.
func TestPunctuatorBytes(t *testing.T) {
	for c := range 256 {
		if got, want := isPunctuator(byte(c)), strings.ContainsRune(punctuators, rune(c)); got != want {
			t.Errorf("isPunctuator(%q) = %v, want %v", rune(c), got, want)
		}
		if got, want := endsWord(byte(c)), strings.ContainsRune(punctuators+" \t\r\n\"#", rune(c)); got != want {
			t.Errorf("endsWord(%q) = %v, want %v", rune(c), got, want)
		}
	}
}
