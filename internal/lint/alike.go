package lint

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/diag"
)

// alike is an earlier tool whose description a tool's resembles, and how.
type alike struct {
	other string
	how   string // "" when the descriptions are the same, else how alike they are
}

// duplicates compares the descriptions of every pair of tools some role sees together, once
// per pair, and reports each tool once with every earlier tool it resembles: identical
// descriptions are an error (the model cannot choose), near ones a warning. One finding per
// pair would give n(n-1)/2 findings for n look-alike tools.
func (l *linter) duplicates() {
	groups := [][]catalog.Tool{}
	for _, r := range l.in.Allowlist.Roles {
		groups = append(groups, l.in.Catalog.ForRole(r.Name))
	}
	if len(l.in.Allowlist.Roles) == 0 {
		groups = append(groups, l.in.Catalog.Tools)
	}
	index := map[string]int{}
	v := newVocab()
	profiles := make([]profile, len(l.in.Catalog.Tools))
	for i := range l.in.Catalog.Tools {
		t := &l.in.Catalog.Tools[i]
		index[t.Name], profiles[i] = i, v.profile(t)
	}
	s := newPairScratch(v)
	n := len(profiles)
	done := make([]bool, n*n) // by catalog index: a pair two roles share is compared once
	found := make([][]alike, n)
	ids := make([]int, 0, n)
	for _, g := range groups {
		ids = ids[:0]
		for _, t := range g {
			ids = append(ids, index[t.Name])
		}
		for x, a := range ids {
			s.load(&profiles[a])
			for _, b := range ids[x+1:] {
				if !done[a*n+b] {
					done[a*n+b] = true
					if m, ok := comparePair(s, &profiles[a], &profiles[b]); ok {
						found[b] = append(found[b], m)
					}
				}
			}
			s.unload(&profiles[a])
		}
	}
	for i, ms := range found {
		if len(ms) > 0 {
			l.reportAlike(&l.in.Catalog.Tools[i], ms)
		}
	}
}

// comparePair tells how b's description resembles a's, if it does; a is loaded in s.
func comparePair(s *pairScratch, a, b *profile) (alike, bool) {
	if a.norm == b.norm {
		return alike{other: a.tool.Name}, true
	}
	if mirror(a, b) {
		return alike{}, false
	}
	// Size bounds first: Jaccard is at most min/max of the set sizes and Dice at most
	// 2·min/(sum), so most pairs of a large catalog are settled without comparing contents.
	if bound(len(a.words), len(b.words)) >= nearJaccard {
		if j := s.jaccard(a, b); j >= nearJaccard {
			return alike{a.tool.Name, fmt.Sprintf("share %.0f %% of their content words", 100*j)}, true
		}
	}
	if 2*float64(min(a.total, b.total))/float64(a.total+b.total) < nearDice {
		return alike{}, false
	}
	if d := s.dice(a, b); d >= nearDice {
		return alike{a.tool.Name, fmt.Sprintf("are %.0f %% alike (character bigrams)", 100*d)}, true
	}
	return alike{}, false
}

// maxAlikeNamed bounds the tools one finding names; the rest are counted.
const maxAlikeNamed = 3

// reportAlike reports tool t once for its same descriptions (an error) and once for its near
// ones (a warning), each naming the earlier tools.
func (l *linter) reportAlike(t *catalog.Tool, ms []alike) {
	var same, near []alike
	for _, m := range ms {
		if m.how == "" {
			same = append(same, m)
		} else {
			near = append(near, m)
		}
	}
	if len(same) > 0 {
		msg := fmt.Sprintf("%q and %q have the same description", same[0].other, t.Name)
		if len(same) > 1 {
			msg = fmt.Sprintf("%q has the same description as %s", t.Name, names(same))
		}
		l.report(Finding{Rule: "near-duplicate-description", Tool: t.Name, Severity: diag.Error, Pos: l.descPos(t.Name),
			Message: msg + ", so the model cannot choose between them: " + quoteDescription(t.Description), Fix: l.alikeFix(t.Name, same)})
	}
	if len(near) > 0 {
		msg := fmt.Sprintf("the descriptions of %q and %q %s", near[0].other, t.Name, near[0].how)
		if len(near) > 1 {
			msg = fmt.Sprintf("the description of %q is close to those of %s (with %q they %s)", t.Name, names(near), near[0].other, near[0].how)
		}
		l.report(Finding{Rule: "near-duplicate-description", Tool: t.Name, Severity: diag.Warning, Pos: l.descPos(t.Name),
			Message: msg, Fix: l.alikeFix(t.Name, near)})
	}
}

func (l *linter) alikeFix(tool string, ms []alike) string {
	return fmt.Sprintf("say what sets %q apart from %s (description: in %s overrides the schema's), ", tool, names(ms), l.allowName()) + l.suppressFix(tool, "near-duplicate-description")
}

// names lists the tools of ms: "a", "a" and "b", "a", "b", "c" and 4 more.
func names(ms []alike) string {
	var q []string
	for i, m := range ms {
		if i == maxAlikeNamed {
			break
		}
		q = append(q, fmt.Sprintf("%q", m.other))
	}
	switch rest := len(ms) - len(q); {
	case rest > 0:
		return strings.Join(q, ", ") + fmt.Sprintf(" and %d more", rest)
	case len(q) == 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
