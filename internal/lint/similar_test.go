package lint

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/toolgen/toolgen/catalog"
)

// refDice is the Dice coefficient of two strings' rune-bigram multisets, computed the plain way.
func refDice(a, b string) float64 {
	grams := func(s string) map[[2]rune]int {
		rs, out := []rune(s), map[[2]rune]int{}
		for i := 0; i+1 < len(rs); i++ {
			out[[2]rune{rs[i], rs[i+1]}]++
		}
		return out
	}
	ga, gb := grams(a), grams(b)
	total, common := 0, 0
	for _, n := range ga {
		total += n
	}
	for k, n := range gb {
		total += n
		common += min(n, ga[k])
	}
	if total == 0 {
		return 1
	}
	return 2 * float64(common) / float64(total)
}

// refWords is the set of content words the plain way: strings.FieldsFunc and a map.
func refWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !stopwords[w] {
			out[w] = true
		}
	}
	return out
}

func refJaccard(a, b map[string]bool) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// FuzzSimilarity checks the interned, dense-array comparison against the plain definitions,
// for descriptions in any script and invalid UTF-8, over a vocab shared by several profiles.
func FuzzSimilarity(f *testing.F) {
	f.Add("Look up a repository by owner and name.", "Look up a repositories by its owner and name!")
	f.Add("Créer un dépôt — ünïcode", "créer UN dépôt\x00\xff\xfe")
	f.Add("", "a")
	f.Add("ab ab ab", "ba ba")
	f.Fuzz(func(t *testing.T, a, b string) {
		tools := []catalog.Tool{{Name: "x", Description: "a shared head " + a}, {Name: "y", Description: a}, {Name: "z", Description: b}}
		v := newVocab()
		ps := make([]profile, len(tools))
		for i := range tools {
			ps[i] = v.profile(&tools[i])
		}
		s := newPairScratch(v)
		for i := range ps {
			s.load(&ps[i])
			for j := range ps {
				na, nb := ps[i].norm, ps[j].norm
				if got, want := s.dice(&ps[i], &ps[j]), refDice(na, nb); got != want {
					t.Fatalf("dice(%q, %q) = %v, want %v", na, nb, got, want)
				}
				if got, want := s.jaccard(&ps[i], &ps[j]), refJaccard(refWords(na), refWords(nb)); got != want {
					t.Fatalf("jaccard(%q, %q) = %v, want %v", na, nb, got, want)
				}
			}
			s.unload(&ps[i])
			if slices.ContainsFunc(s.grams, func(n int32) bool { return n != 0 }) || slices.Contains(s.words, true) {
				t.Fatal("unload left counts behind")
			}
		}
		got, want := map[string]bool{}, refWords(a)
		forContentWords(a, func(w string) bool {
			if !want[w] {
				t.Fatalf("forContentWords(%q) yields %q, not a content word", a, w)
			}
			got[w] = true
			return true
		})
		if len(got) != len(want) {
			t.Fatalf("forContentWords(%q) yields %v, want %v", a, got, want)
		}
	})
}
