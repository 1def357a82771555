package opbuild

// This file is phase 2 of docs/selection.md, fit: while the printed selection costs more than
// maxSelectionTokens o200k tokens (S) or the estimated response holds more than maxResultLeaves
// leaf values (L), it degrades the largest detail selection to its summary, then trims fields
// (those holding a list or a JSON value first), and when neither is possible it reports the tool
// as over budget.

import (
	"fmt"
	"strings"
)

// charsPerTokenFloor: printed selections measured at least 2.73 characters per o200k token, so
// one of at most 2 × cap characters is under the cap without running the tokenizer.
const charsPerTokenFloor = 2

// fitter measures and shrinks one tool's selection tree.
type fitter struct {
	head, tail     string // the document around the root field's selection
	root           *node
	o              Options
	words          wordCounts
	count          func(string) (int, error)
	tokens         int      // S of the last measure; -1 when the shortcut made counting unnecessary
	leaves         int      // L of the last measure
	dropped        []string // one-hop selections removed, in removal order
	droppedMembers []string // member fragments removed, by path
	noHop          bool     // the root entity alone was over budget: no hop was added
	overNow        bool     // the last measure found the unchanged tree over budget
}

// candidate is one entity group with what the fit phase ranks it by.
type candidate struct {
	g     *node
	path  string
	share int // leaves × the list multipliers above it
	size  int // printed length
}

// fit shrinks the tree until it is within budget. It fills in the reviewer's notes and, when it
// cannot fit, the over-budget warning.
func (b *Builder) fit(ft *fitter, r *Result) error {
	for {
		over, err := ft.remeasure()
		if err != nil || !over {
			r.Notes = ft.notes()
			return err
		}
		changed, err := ft.shrink()
		if err != nil {
			return err
		}
		if !changed {
			r.Warning, r.Raise = ft.overMessage()
			r.Notes = append(ft.notes(), "selection over budget: "+r.Warning)
			return nil
		}
	}
}

// shrink makes the next change of the fit phase and reports whether there was one to make:
// repeated collections go first, then pages beside a single result, then detail selections are
// summarized, then the other hops go, and only then does the root entity lose leaves.
func (ft *fitter) shrink() (bool, error) {
	for _, match := range []func(*node) bool{isRepeat, isPage} {
		if dropped, err := ft.dropHops(match); err != nil || dropped {
			return dropped, err
		}
	}
	// A member fragment answers for one implementing type, the interface's fields for all: when
	// the fragments are what is over, they go before the interface's fields are summarized;
	// otherwise after summaries and hops, and before any field is trimmed.
	if dropped, err := ft.dropMembers(true); err != nil || dropped {
		return dropped, err
	}
	cands := candidates(ft.root)
	if g := pickDegrade(cands, ft.leaves > ft.o.MaxResultLeaves); g != nil {
		g.summarize()
		g.ent.degraded = true
		return true, nil
	}
	if dropped, err := ft.dropHops(isHop); err != nil || dropped {
		return dropped, err
	}
	if dropped, err := ft.dropMembers(false); err != nil || dropped {
		return dropped, err
	}
	g := pickTrim(cands)
	return g != nil && g.trim(), nil
}

// dropHops removes, in dropOrder, the fewest matching hops that bring the selection
// within budget, or all of them when no number does, and records them. Dropping more never costs
// more, so a bisection finds the number: a few measures instead of one per hop (GitHub's user has
// dozens of connections beside it).
func (ft *fitter) dropHops(match func(*node) bool) (bool, error) {
	order := dropOrder(ft.root.kids, match)
	if len(order) == 0 {
		return false, nil
	}
	all := ft.root.kids
	lo, hi := 1, len(order)
	for lo < hi {
		mid := (lo + hi) / 2
		ft.root.kids = without(all, order[:mid])
		over, err := ft.over()
		if err != nil {
			return false, err
		}
		if over {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	ft.root.kids = without(all, order[:lo])
	for _, h := range order[:lo] {
		ft.dropped = append(ft.dropped, ft.root.name+"."+h.name)
	}
	return true, nil
}

// remeasure is over, unless the tree has not changed since a measure that found it over.
func (ft *fitter) remeasure() (bool, error) {
	if ft.overNow {
		ft.overNow = false
		return true, nil
	}
	return ft.over()
}

// over measures S and L and reports whether either is above its budget.
func (ft *fitter) over() (bool, error) {
	alias(ft.root.kids)
	ft.leaves = ft.root.leafCount()
	sel := printSet(ft.root.kids)
	ft.tokens = -1
	if len(sel) <= charsPerTokenFloor*ft.o.MaxSelectionTokens {
		return ft.leaves > ft.o.MaxResultLeaves, nil
	}
	if err := ft.countTokens(sel); err != nil {
		return false, err
	}
	return ft.tokens > ft.o.MaxSelectionTokens || ft.leaves > ft.o.MaxResultLeaves, nil
}

// countTokens sets S. docs/selection.md defines it as the document's tokens minus those of the
// document without the selection; o200k never joins a word to the " {" before the selection,
// so counting the selection alone gives the same number (the GitHub test checks both).
func (ft *fitter) countTokens(sel string) error {
	n, err := ft.words.count(sel, ft.count)
	ft.tokens = n
	return err
}

// wordCounts caches the o200k count of each space-led word of printed selections. o200k's
// pre-tokenizer never puts a space inside a piece, and a printed selection has single spaces
// only, so a selection's count is the sum of its words' counts; GitHub's selections repeat the
// same few thousand words, so the tokenizer runs once per word instead of once per selection.
type wordCounts map[string]int

func (wc wordCounts) count(sel string, count func(string) (int, error)) (int, error) {
	total := 0
	for sel != "" {
		end := strings.IndexByte(sel[1:], ' ') + 1 // the next word's leading space, or 0
		if end == 0 {
			end = len(sel)
		}
		n, ok := wc[sel[:end]]
		if !ok {
			var err error
			if n, err = count(sel[:end]); err != nil {
				return 0, err
			}
			wc[sel[:end]] = n
		}
		total, sel = total+n, sel[end:]
	}
	return total, nil
}

// candidates lists the entity groups of the tree in document order with their share and size.
func candidates(root *node) []candidate {
	var out []candidate
	var walk func(kids []*node, factor int, path string)
	walk = func(kids []*node, factor int, path string) {
		for _, k := range kids {
			switch {
			case k.ent != nil:
				out = append(out, candidate{g: k, path: path, share: factor * setLeafCount(k.kids), size: len(printSet(k.kids))})
			case k.on != "":
				walk(k.kids, factor, path+"["+k.on+"]")
			default:
				walk(k.kids, factor*k.mult, path+"."+k.name)
			}
		}
	}
	walk(root.kids, root.mult, root.name)
	return out
}

// pickDegrade is the degradable group with the largest response share when L is over budget,
// else the largest printed selection; the smaller path wins a tie (document order would follow
// the schema's declaration order).
func pickDegrade(cands []candidate, byShare bool) *node {
	best, bestKey, bestPath := (*node)(nil), -1, ""
	for _, c := range cands {
		key := c.size
		if byShare {
			key = c.share
		}
		if c.g.degradable() && (key > bestKey || key == bestKey && c.path < bestPath) {
			best, bestKey, bestPath = c.g, key, c.path
		}
	}
	return best
}

// pickTrim is the group with the largest response share that still has a non-summary leaf,
// the root entity included.
func pickTrim(cands []candidate) *node {
	best, bestShare, bestPath := (*node)(nil), -1, ""
	for _, c := range cands {
		if hasExtra(c.g) && (c.share > bestShare || c.share == bestShare && c.path < bestPath) {
			best, bestShare, bestPath = c.g, c.share, c.path
		}
	}
	return best
}

func hasExtra(g *node) bool {
	for _, k := range g.kids {
		if !g.ent.inSummary[k.name] {
			return true
		}
	}
	return false
}

// notes tell the reviewer which selections were summarized or trimmed, by their path.
func (ft *fitter) notes() []string {
	var summarized, trimmed []string
	for _, c := range candidates(ft.root) {
		if c.g.ent.degraded {
			summarized = append(summarized, c.path+" ("+c.g.ent.typeName+")")
		}
		for _, name := range c.g.ent.trimmed {
			trimmed = append(trimmed, c.path+"."+name)
		}
	}
	var out []string
	if len(summarized) > 0 {
		out = append(out, "selection summarized to fit the budget: "+strings.Join(summarized, ", "))
	}
	if len(ft.dropped) > 0 {
		out = append(out, "related entities dropped to fit the budget: "+strings.Join(ft.dropped, ", "))
	}
	if len(ft.droppedMembers) > 0 {
		out = append(out, "implementing types' fields dropped to fit the budget: "+strings.Join(ft.droppedMembers, ", "))
	}
	if ft.noHop {
		out = append(out, "related entities left out: "+ft.root.name+" alone is over the budget")
	}
	if len(trimmed) > 0 {
		out = append(out, "selection trimmed to fit the budget: "+strings.Join(trimmed, ", "))
	}
	return out
}

// overMessage says by how much the selection is over, and which budget to raise.
func (ft *fitter) overMessage() (msg, raise string) {
	tokens := fmt.Sprintf("within maxSelectionTokens %d", ft.o.MaxSelectionTokens) // the shortcut skipped counting
	if ft.tokens >= 0 {
		tokens = fmt.Sprintf("%d tokens (maxSelectionTokens %d)", ft.tokens, ft.o.MaxSelectionTokens)
	}
	var knobs []string
	if ft.tokens > ft.o.MaxSelectionTokens {
		knobs = append(knobs, "selection.maxSelectionTokens")
	}
	if ft.leaves > ft.o.MaxResultLeaves {
		knobs = append(knobs, "selection.maxResultLeaves")
	}
	return fmt.Sprintf("%s, about %d leaf values (maxResultLeaves %d)", tokens, ft.leaves, ft.o.MaxResultLeaves),
		strings.Join(knobs, " and ")
}
