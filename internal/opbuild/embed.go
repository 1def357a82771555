package opbuild

// This file is the embedded objects of docs/selection.md: an object without an id that is not a
// value object, because an entity lies inside it or it nests deeper than a value object may
// (Aave's Asset.token is an Erc20Token { address chain { … } info: TokenInfo }, and
// Asset.summary holds amounts four levels deep). When an entity's own leaves say no more than
// its summary, its embedded objects are what there is to say: without them an Aave asset came
// back as { id }, the id the agent had just passed in, and a Sui simulateTransaction as
// { error } without the effects it simulated. Elsewhere they stay out: on GitHub they would
// bring a user's whole contributions calendar and an enterprise's forty settings, and push out
// the relations that matter.

import (
	"slices"

	"github.com/vektah/gqlparser/v2/ast"
)

// embedded: an object without an id that is not a value object, connection, page or edge.
func (b *Builder) embedded(t *ast.Definition) bool {
	return t != nil && t.Kind == ast.Object && t.Fields.ForName("id") == nil && !b.valueObject(t) &&
		b.connection(t) == nil && b.page(t) == nil && !b.isEdge(t)
}

// saysLittle: t has one leaf at most, or none but its id, its name-like field and its url, so
// E(t)'s detail form would tell the agent nothing beyond what names the thing.
func (b *Builder) saysLittle(t *ast.Definition) bool {
	ls := b.leaves(t)
	if len(ls) <= 1 {
		return true
	}
	named := nameLike(ls)
	for _, f := range ls {
		if f.Name != "id" && f.Name != "url" && f != named {
			return false
		}
	}
	return true
}

// embedSet is the selection of embedded object t, in declaration order: its leaves, its value
// objects and its single-valued entities in summary form. path names the types from the
// expansion's root down to t; an entity of one of them is left out, since it would repeat an
// ancestor (an order's totals pointing back to the order). Lists, connections, pages, abstract
// types and embedded objects inside are left out too: they are collections, relations and
// deeper structure, which a hop or an override brings.
func (b *Builder) embedSet(t *ast.Definition, path []string) []*node {
	leaves := b.leaves(t)
	var out []*node
	for _, f := range t.Fields {
		n := b.named(f)
		switch {
		case slices.Contains(leaves, f):
			out = append(out, field(f, nil))
		case n == nil || introspection(f) || needsArgs(f) || b.avoided(f) || isLeaf(n):
		case b.valueObject(n):
			if kids := b.valueSet(n); len(kids) > 0 {
				out = append(out, field(f, kids))
			}
		case !isList(f.Type) && n.Kind == ast.Object && b.hasID(n) && !slices.Contains(path, n.Name):
			if g := b.summaryGroup(n); g != nil {
				out = append(out, field(f, []*node{g}))
			}
		}
	}
	return out
}
