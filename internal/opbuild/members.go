package opbuild

// This file gives a result typed as an interface the fields its implementing types add (issue
// 24: Unchained's products are a Product interface whose SimpleProduct alone has a price and a
// SKU, so no product tool showed either). Beside the interface's own fields, each implementing
// type whose added fields rank relevant gets a fragment with its most relevant ones, and the
// fit phase drops such fragments whole, the least relevant first, before it trims the fields
// every member answers.

import (
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// maxAddedFields is the most fields one member fragment adds: the most relevant of what the
// type adds, enough for its price, SKU and state without repeating a whole entity per member.
const maxAddedFields = 3

// abstractResult is Abstract(t) for a result the tool is about (the root field, a root
// connection's or page's items): an interface's own fields plus its members' fragments.
func (b *Builder) abstractResult(t *ast.Definition, single bool) []*node {
	kids := b.abstract(t, single)
	if t.Kind != ast.Interface || len(kids) == 0 || kids[len(kids)-1].ent == nil {
		return kids // a union, or an interface without leaves: its members have fragments already
	}
	return append(kids, b.memberAdditions(t)...)
}

// memberAdditions are the fragments of t's implementing types that add a relevant field (a
// tier above flag: not a URL, a template or a yes-or-no; and one value, not a list or a JSON
// blob, which would repeat per item what the interface's fields summarize), each with its maxAddedFields most
// relevant added fields in rank order. An interface with more than maxMembers implementations
// (GitHub's Node) gets none, as a union's members get a common interface instead; a member
// that adds nothing relevant gets none either, since __typename already names it.
func (b *Builder) memberAdditions(t *ast.Definition) []*node {
	members := b.members(t)
	if len(members) > maxMembers {
		return nil
	}
	var out []*node
	for _, m := range members {
		if b.errorType(m) {
			continue
		}
		g := b.entityGroup(m, false)
		if g == nil {
			continue
		}
		var added []*node
		for _, k := range g.ent.detail {
			if t.Fields.ForName(k.name) == nil && k.tier > tierFlag && !k.bulky() && k.name != g.ent.namer {
				added = append(added, k)
			}
		}
		if len(added) == 0 {
			continue
		}
		slices.SortFunc(added, func(x, y *node) int { // most relevant first
			return lessRelevant(y.tier, y.trimWeight(), y.name, x.tier, x.trimWeight(), x.name)
		})
		added = added[:min(len(added), maxAddedFields)]
		g = b.group(m, added, false)
		for _, k := range added {
			g.ent.inSummary[k.name] = true // chosen already: the fit drops the fragment whole
		}
		g.ent.summaryLen = len(added)
		f := fragment(m.Name, []*node{g})
		f.member = true
		out = append(out, f)
	}
	return out
}

// memberFragment is one droppable member fragment and the node whose kids hold it.
type memberFragment struct {
	parent, frag *node
	path         string
}

// memberFragments lists the tree's member fragments in the order the fit drops them: the one
// whose best field ranks lowest first, then the one adding more fields (the more specific), then
// the later path.
func memberFragments(root *node) []memberFragment {
	var out []memberFragment
	var walk func(n *node, path string)
	walk = func(n *node, path string) {
		for _, k := range n.kids {
			switch {
			case k.member:
				out = append(out, memberFragment{n, k, path + "[" + k.on + "]"})
			case k.on != "":
				walk(k, path+"["+k.on+"]")
			case k.ent == nil:
				walk(k, path+"."+k.name)
			}
		}
	}
	walk(root, root.name)
	best := func(f *node) *node { return f.kids[0].kids[0] } // added fields are in rank order
	slices.SortStableFunc(out, func(x, y memberFragment) int {
		bx, by := best(x.frag), best(y.frag)
		if c := lessRelevant(bx.tier, bx.trimWeight(), bx.name, by.tier, by.trimWeight(), by.name); c != 0 {
			return c
		}
		if nx, ny := len(x.frag.kids[0].kids), len(y.frag.kids[0].kids); nx != ny {
			return ny - nx
		}
		return strings.Compare(y.path, x.path)
	})
	return out
}

// dropMembers removes the fewest member fragments, in memberFragments' order, that bring the
// selection within budget (all of them when no number does, unless onlyIfEnough: then none),
// and records them for the notes.
func (ft *fitter) dropMembers(onlyIfEnough bool) (bool, error) {
	order := memberFragments(ft.root)
	if len(order) == 0 {
		return false, nil
	}
	all := map[*node][]*node{}
	for _, m := range order {
		all[m.parent] = m.parent.kids
	}
	apply := func(n int) {
		drop := map[*node][]*node{}
		for _, m := range order[:n] {
			drop[m.parent] = append(drop[m.parent], m.frag)
		}
		for p, kids := range all {
			p.kids = without(kids, drop[p])
		}
	}
	if onlyIfEnough {
		apply(len(order))
		over, err := ft.over()
		apply(0)
		if err != nil || over {
			return false, err
		}
	}
	lo, hi := 1, len(order)
	for lo < hi {
		mid := (lo + hi) / 2
		apply(mid)
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
	apply(lo)
	for _, m := range order[:lo] {
		ft.droppedMembers = append(ft.droppedMembers, m.path)
	}
	return true, nil
}
