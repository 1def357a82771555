package lint

import (
	"strings"
	"unicode"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/mdtext"
)

// Thresholds of near-duplicate descriptions: character-bigram Dice and content-word Jaccard.
const (
	nearDice    = 0.80
	nearJaccard = 0.60
)

// stopwords carry no meaning that tells two tools apart.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "to": true, "by": true, "in": true, "on": true,
	"and": true, "or": true, "with": true, "its": true, "it": true, "is": true, "this": true, "that": true,
	"from": true, "as": true, "at": true, "be": true, "are": true, "if": true, "given": true, "their": true,
	"returns": true, "return": true, "get": true, "gets": true, "fetch": true, "fetches": true, "lookup": true,
	"look": true, "up": true, "find": true, "finds": true, "list": true, "lists": true, "all": true,
}

// forContentWords calls fn with each lower-case word of s that is not a stop word, in order and
// repeats included (the fields strings.FieldsFunc would return, without the slice), until fn
// returns false.
func forContentWords(s string, fn func(w string) bool) {
	s = strings.ToLower(s)
	start := -1
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			if w := s[start:i]; !stopwords[w] && !fn(w) {
				return
			}
			start = -1
		}
	}
	if start >= 0 && !stopwords[s[start:]] {
		fn(s[start:])
	}
}

// profile is a description prepared once for the pairwise comparison. Its bigrams and words
// are ids of the run's vocab, so a pair is compared against dense arrays (see pairScratch)
// rather than by hashing strings or merging sorted lists.
type profile struct {
	tool  *catalog.Tool
	norm  string
	grams []gram // each distinct bigram once, with its count
	total int    // bigrams counted with repetition
	words []int32
	verb  string // the name's leading verb and the rest, for mirror pairs
	rest  string
}

// gram is one distinct character bigram (a vocab id) and how often it occurs.
type gram struct {
	id int32
	n  int32
}

// vocab interns the bigrams and content words of one run's descriptions as dense ids.
type vocab struct {
	ascii  []int32 // id+1 of the bigram of two ASCII runes a<<7|b; 0 for none yet
	grams  map[uint64]int32
	nGrams int32
	words  map[string]int32
	// While one profile is built: the count per bigram id, and the words already taken.
	counts   []int32
	wordSeen []bool
}

func newVocab() *vocab {
	return &vocab{ascii: make([]int32, 1<<14), grams: map[uint64]int32{}, words: map[string]int32{}}
}

// gramID interns the bigram of runes a and b.
func (v *vocab) gramID(a, b rune) int32 {
	if a < 0x80 && b < 0x80 {
		k := a<<7 | b
		if v.ascii[k] == 0 {
			v.ascii[k] = v.newGram()
		}
		return v.ascii[k] - 1
	}
	k := uint64(a)<<32 | uint64(b)
	id, ok := v.grams[k]
	if !ok {
		id = v.newGram()
		v.grams[k] = id
	}
	return id - 1
}

// newGram returns the next bigram id plus one.
func (v *vocab) newGram() int32 {
	v.nGrams++
	v.counts = append(v.counts, 0)
	return v.nGrams
}

func (v *vocab) wordID(w string) int32 {
	id, ok := v.words[w]
	if !ok {
		id = int32(len(v.words))
		v.words[w] = id
		v.wordSeen = append(v.wordSeen, false)
	}
	return id
}

func (v *vocab) profile(t *catalog.Tool) profile {
	norm := strings.ToLower(mdtext.OneLine(t.Description))
	p := profile{tool: t, norm: norm}
	p.verb, p.rest = verbSplit(t.Name)
	forContentWords(norm, func(w string) bool {
		if id := v.wordID(w); !v.wordSeen[id] {
			v.wordSeen[id] = true
			p.words = append(p.words, id)
		}
		return true
	})
	for _, id := range p.words {
		v.wordSeen[id] = false
	}
	var distinct []int32
	prev := rune(-1)
	for _, r := range norm { // the runes of []rune(norm): invalid bytes decode alike
		if prev >= 0 {
			id := v.gramID(prev, r)
			if v.counts[id] == 0 {
				distinct = append(distinct, id)
			}
			v.counts[id]++
			p.total++
		}
		prev = r
	}
	p.grams = make([]gram, len(distinct))
	for i, id := range distinct {
		p.grams[i] = gram{id, v.counts[id]}
		v.counts[id] = 0
	}
	return p
}

// pairScratch holds one profile spread over dense arrays, so each profile compared with it
// costs one array read per distinct bigram or word of its own.
type pairScratch struct {
	grams []int32 // count per bigram id
	words []bool
}

func newPairScratch(v *vocab) *pairScratch {
	return &pairScratch{grams: make([]int32, v.nGrams), words: make([]bool, len(v.words))}
}

func (s *pairScratch) load(a *profile) {
	for _, g := range a.grams {
		s.grams[g.id] = g.n
	}
	for _, w := range a.words {
		s.words[w] = true
	}
}

func (s *pairScratch) unload(a *profile) {
	for _, g := range a.grams {
		s.grams[g.id] = 0
	}
	for _, w := range a.words {
		s.words[w] = false
	}
}

// dice is the Sørensen–Dice coefficient of the bigram multisets of the loaded profile a and b.
func (s *pairScratch) dice(a, b *profile) float64 {
	if a.total+b.total == 0 {
		return 1
	}
	common := 0
	for _, g := range b.grams {
		common += int(min(s.grams[g.id], g.n))
	}
	return 2 * float64(common) / float64(a.total+b.total)
}

// jaccard is the Jaccard index of the content words of the loaded profile a and b.
func (s *pairScratch) jaccard(a, b *profile) float64 {
	if len(a.words)+len(b.words) == 0 {
		return 1
	}
	inter := 0
	for _, w := range b.words {
		if s.words[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a.words)+len(b.words)-inter)
}

// bound is the largest Jaccard index two sets of these sizes can have.
func bound(x, y int) float64 {
	if max(x, y) == 0 {
		return 1
	}
	return float64(min(x, y)) / float64(max(x, y))
}

// mirror reports whether two tool names differ only in a leading verb (createX/deleteX,
// addStar/removeStar, lockLockable/unlockLockable): such pairs describe opposite actions on the
// same thing in similar words, and their names already tell them apart.
func mirror(a, b *profile) bool {
	return a.rest != "" && a.rest == b.rest && a.verb != b.verb
}

func verbSplit(name string) (verb, rest string) {
	for i, r := range name {
		if unicode.IsUpper(r) || r == '_' {
			return name[:i], prepositions.Replace(name[i:])
		}
	}
	return name, ""
}

// prepositions are folded so that addLabelsToLabelable mirrors removeLabelsFromLabelable.
var prepositions = strings.NewReplacer("To", "", "From", "", "Into", "", "Onto", "", "On", "")
