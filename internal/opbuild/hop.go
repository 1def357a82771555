package opbuild

// This file is the one hop of docs/selection.md: a root field that returns one entity also gets
// the entities next to it, so that "look up an order" answers with its customer and its lines
// and not with the order's own leaves alone. To-one relations come in summary form, plain lists
// of entities (an order's lines) in detail form for the fit phase to summarize, connections and
// pages as a first page in summary form. The fit phase drops repeated collections first, then
// connections and pages, then summarizes, then drops lists and relations, each the least
// relevant first (relevance.go), and only then trims the root entity's own values.

import (
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Hop ranks: the fit phase drops the highest rank first.
const (
	hopRelation = 1 + iota // a to-one entity
	hopList                // a plain list of entities
	hopPage                // a connection or a page
)

// addHops puts t's one hop beside the root entity, unless the entity alone is already over
// budget: the fit phase would then drop every hop before it trims the entity, so building them
// (dozens of connections beside a GitHub user) would only cost time.
func (b *Builder) addHops(ft *fitter, t *ast.Definition) error {
	over, err := ft.over()
	if err != nil {
		return err
	}
	if over {
		ft.noHop, ft.overNow = b.related(t), true // the fit phase starts from this measure
		return nil
	}
	ft.root.kids = append(ft.root.kids, b.hops(t)...)
	return nil
}

// related reports whether t has a field hop would consider, without building any.
func (b *Builder) related(t *ast.Definition) bool {
	for _, f := range t.Fields {
		if n := b.named(f); !introspection(f) && !needsArgs(f) && !b.avoided(f) && n != nil && !isLeaf(n) && !b.valueObject(n) &&
			(isAbstract(n) || b.hasID(n) || b.connection(n) != nil || b.page(n) != nil || isList(f.Type) && b.embedded(n)) {
			return true
		}
	}
	return false
}

// hops are the one-hop selections of entity t, in declaration order.
func (b *Builder) hops(t *ast.Definition) []*node {
	var out []*node
	for _, f := range t.Fields {
		if introspection(f) || needsArgs(f) || b.avoided(f) {
			continue
		}
		if n := b.hop(t, f); n != nil {
			n.belongs = b.belongsTo(n.about, t)
			out = append(out, n)
		}
	}
	markRepeats(out)
	return out
}

// hop is the selection of one field of entity t next to the root entity, or nil when it is not a
// relation.
func (b *Builder) hop(t *ast.Definition, f *ast.FieldDefinition) *node {
	n := b.named(f)
	if n == nil || isLeaf(n) || b.valueObject(n) || n == b.schema.Query {
		return nil // leaves and value objects are the entity's own values; the query root is no relation
	}
	var kids []*node
	rank, args := hopRelation, ""
	switch {
	case b.connection(n) != nil && !isList(f.Type):
		kids, args = b.nestedConnection(f, n)
		summarizeAll(kids)
		rank = hopPage
	case b.page(n) != nil && !isList(f.Type):
		kids, args = b.pageFields(n, b.page(n), nestedPageSize, false), b.nestedPageArgs(f)
		rank = hopPage
	case isAbstract(n) && isList(f.Type):
		kids = b.rowsOf(n, b.abstract(n, false))
	case isAbstract(n):
		kids = b.abstract(n, false)
	case b.hasID(n) && isList(f.Type):
		if g := b.entityGroup(n, false); g != nil {
			kids = []*node{g}
		}
		rank, args = hopList, b.nestedPageArgs(f)
	case b.hasID(n):
		if g := b.summaryGroup(n); g != nil {
			kids = []*node{g}
		}
	case isList(f.Type) && b.embedded(n):
		kids, args = b.lineItems(t, n), b.nestedPageArgs(f)
		rank = hopList
	}
	if len(kids) == 0 {
		return nil
	}
	out := field(f, kids)
	out.args, out.hop, out.about = args, rank, b.itemType(n)
	out.reach = b.reach(out.about)
	if isList(f.Type) && isAbstract(n) {
		out.hop = hopList
	}
	return out
}

// lineItems is the selection of a list of embedded objects of entity t that are line items: each
// holds leaves of its own and an entity, and no list of objects, as an order's lines { quantity
// product { id name } } without an id of their own; nil for any other embedded list. Without it "look up an order"
// answered without what is in the order.
func (b *Builder) lineItems(t, n *ast.Definition) []*node {
	for _, f := range n.Fields {
		m := b.named(f)
		if m != nil && isList(f.Type) && !isLeaf(m) && !b.valueObject(m) && !introspection(f) && !needsArgs(f) && !b.avoided(f) {
			return nil // a list inside (Nautical's attribute values): the summary would say which, not what
		}
	}
	kids := b.embedSet(n, []string{t.Name})
	leaf := slices.ContainsFunc(kids, func(k *node) bool { return len(k.kids) == 0 })
	entity := slices.ContainsFunc(kids, func(k *node) bool { return len(k.kids) == 1 && k.kids[0].ent != nil })
	if !leaf || !entity {
		return nil
	}
	return kids
}

// summarizeAll puts every entity group under kids in summary form: a hop is a glimpse.
func summarizeAll(kids []*node) {
	for _, k := range kids {
		if k.ent != nil {
			k.summarize()
			continue
		}
		summarizeAll(k.kids)
	}
}

// dropOrder lists the hops that match in the order the fit phase drops them: the highest rank,
// then those that do not belong to the entity, then the least reached type (relevance.go), then
// the largest response share, then the name later in the alphabet. A hop's share does not depend on the others, so the order is fixed before the
// first one goes.
func dropOrder(kids []*node, match func(*node) bool) []*node {
	type ranked struct {
		n     *node
		share int
	}
	var hs []ranked
	for _, k := range kids {
		if k.hop > 0 && match(k) {
			hs = append(hs, ranked{k, k.leafCount()})
		}
	}
	slices.SortFunc(hs, func(a, b ranked) int {
		switch {
		case a.n.hop != b.n.hop:
			return b.n.hop - a.n.hop
		case a.n.belongs != b.n.belongs:
			if a.n.belongs {
				return 1
			}
			return -1
		case a.n.reach != b.n.reach:
			return a.n.reach - b.n.reach
		case a.share != b.share:
			return b.share - a.share
		}
		return strings.Compare(b.n.name, a.n.name) // not document order: that is the schema's declaration order
	})
	out := make([]*node, len(hs))
	for i, h := range hs {
		out[i] = h.n
	}
	return out
}

// The fit phase's three drops, in its order: repeated collections, then connections and pages,
// then (after summarizing) every other hop.
func isRepeat(n *node) bool { return n.repeat }
func isPage(n *node) bool   { return n.hop == hopPage }
func isHop(*node) bool      { return true }

// without returns kids minus the given nodes, in order.
func without(kids, drop []*node) []*node {
	out := make([]*node, 0, len(kids))
	for _, k := range kids {
		if !slices.Contains(drop, k) {
			out = append(out, k)
		}
	}
	return out
}
