package lint

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/diag"
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

// contentWords is the set of lower-case words of s that are not stop words.
func contentWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !stopwords[w] {
			out[w] = true
		}
	}
	return out
}

// profile is a description prepared once for the pairwise comparison.
type profile struct {
	tool    catalog.Tool
	norm    string
	bigrams []gram // sorted by key, so two profiles intersect in one merge pass
	total   int
	words   map[string]bool
	verb    string // the name's leading verb and the rest, for mirror pairs
	rest    string
}

func newProfile(t catalog.Tool) profile {
	norm := strings.ToLower(oneLine(t.Description))
	p := profile{tool: t, norm: norm, words: contentWords(norm)}
	p.verb, p.rest = verbSplit(t.Name)
	rs := []rune(norm)
	keys := make([]uint64, 0, len(rs))
	for i := 0; i+1 < len(rs); i++ {
		keys = append(keys, uint64(rs[i])<<32|uint64(rs[i+1])) // two runes, one key
	}
	slices.Sort(keys)
	for _, k := range keys {
		if n := len(p.bigrams); n > 0 && p.bigrams[n-1].key == k {
			p.bigrams[n-1].n++
		} else {
			p.bigrams = append(p.bigrams, gram{k, 1})
		}
	}
	p.total = len(keys)
	return p
}

// gram is one character bigram and how often it occurs.
type gram struct {
	key uint64
	n   int
}

// dice is the Sørensen–Dice coefficient of two bigram multisets.
func dice(a, b profile) float64 {
	if a.total+b.total == 0 {
		return 1
	}
	common := 0
	for i, j := 0, 0; i < len(a.bigrams) && j < len(b.bigrams); {
		switch x, y := a.bigrams[i], b.bigrams[j]; {
		case x.key < y.key:
			i++
		case x.key > y.key:
			j++
		default:
			common += min(x.n, y.n)
			i, j = i+1, j+1
		}
	}
	return 2 * float64(common) / float64(a.total+b.total)
}

// bound is the largest Jaccard index two sets of these sizes can have.
func bound(x, y int) float64 {
	if max(x, y) == 0 {
		return 1
	}
	return float64(min(x, y)) / float64(max(x, y))
}

func jaccard(a, b map[string]bool) float64 {
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

// mirror reports whether two tool names differ only in a leading verb (createX/deleteX,
// addStar/removeStar, lockLockable/unlockLockable): such pairs describe opposite actions on the
// same thing in similar words, and their names already tell them apart.
func mirror(a, b profile) bool {
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

// duplicates compares the descriptions of every pair of tools some role sees together, once
// per pair: identical descriptions are an error (the model cannot choose), near ones a warning.
func (l *linter) duplicates() {
	groups := [][]catalog.Tool{}
	for _, r := range l.in.Allowlist.Roles {
		groups = append(groups, l.in.Catalog.ForRole(r.Name))
	}
	if len(l.in.Allowlist.Roles) == 0 {
		groups = append(groups, l.in.Catalog.Tools)
	}
	index := map[string]int{}
	profiles := make([]profile, len(l.in.Catalog.Tools))
	for i, t := range l.in.Catalog.Tools {
		index[t.Name], profiles[i] = i, newProfile(t)
	}
	n := len(profiles)
	done := make([]bool, n*n) // by catalog index: a pair two roles share is compared once
	for _, g := range groups {
		ids := make([]int, len(g))
		for i, t := range g {
			ids[i] = index[t.Name]
		}
		for x := range ids {
			for y := x + 1; y < len(ids); y++ {
				a, b := ids[x], ids[y]
				if done[a*n+b] {
					continue
				}
				done[a*n+b] = true
				l.comparePair(profiles[a], profiles[b])
			}
		}
	}
}

// comparePair reports the later tool of a pair, naming the earlier one.
func (l *linter) comparePair(a, b profile) {
	name, other := b.tool.Name, a.tool.Name
	fix := func() string { // built only for a finding: most of a large catalog's pairs have none
		return fmt.Sprintf("say what sets %q apart from %q (description: in allowlist.yaml overrides the schema's), ", name, other) + suppressFix(name, "near-duplicate-description")
	}
	if a.norm == b.norm {
		l.report(Finding{Rule: "near-duplicate-description", Tool: name, Severity: diag.Error, Pos: l.descPos(name),
			Message: fmt.Sprintf("%q and %q have the same description, so the model cannot choose between them: %q", other, name, oneLine(b.tool.Description)), Fix: fix()})
		return
	}
	if mirror(a, b) {
		return
	}
	// Size bounds first: Jaccard is at most min/max of the set sizes and Dice at most
	// 2·min/(sum), so most pairs of a large catalog are settled without comparing contents.
	if bound(len(a.words), len(b.words)) >= nearJaccard {
		if j := jaccard(a.words, b.words); j >= nearJaccard {
			l.report(Finding{Rule: "near-duplicate-description", Tool: name, Severity: diag.Warning, Pos: l.descPos(name),
				Message: fmt.Sprintf("the descriptions of %q and %q share %.0f %% of their content words", other, name, 100*j), Fix: fix()})
			return
		}
	}
	if 2*float64(min(a.total, b.total))/float64(a.total+b.total) < nearDice {
		return
	}
	if d := dice(a, b); d >= nearDice {
		l.report(Finding{Rule: "near-duplicate-description", Tool: name, Severity: diag.Warning, Pos: l.descPos(name),
			Message: fmt.Sprintf("the descriptions of %q and %q are %.0f %% alike (character bigrams)", other, name, 100*d), Fix: fix()})
	}
}
