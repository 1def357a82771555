package opbuild

// This file ranks the one-hop relations for the fit phase, which drops the least relevant first
// (docs/selection.md, "Which relations stay"). Declaration order says nothing about relevance
// (GitHub's fields are alphabetical), and neither does size: ranked by response share alone, a
// GitHub repository lost its issues and pull requests, whose summaries carry titles, and kept its
// deploy keys and pinned discussions, which carry an id. Three signals stand in for relevance:
//
//   - a repeat, a collection whose items another collection of the entity already brings
//     (Shopify's product.adjacentVariants beside product.variants; a repository's stargazers,
//     watchers and collaborators beside its assignableUsers), adds the least;
//   - a relation whose type points back to the entity (Issue.repository, ProductVariant.product)
//     holds what belongs to it, and outranks one that merely mentions other things (a
//     repository's assignable users, its forks);
//   - the reach of the type a relation leads to, how many types have a field leading to it:
//     GitHub's PullRequest is reached from 45 types, DeployKey from one.

import (
	"github.com/toolgen/toolgen/internal/plural"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// itemType is the type a field of type n leads to: a connection's node type, a page's item
// type, else n itself.
func (b *Builder) itemType(n *ast.Definition) string {
	if c := b.connection(n); c != nil {
		return c.node.Type.Name()
	}
	if items := b.page(n); items != nil {
		return items.Type.Name()
	}
	return n.Name
}

// reach is how many object and interface types, connections and edges left out, have a
// non-deprecated field leading to the named type: directly, in a list, or through a connection
// or a page. It is counted once per Builder, over the whole schema.
func (b *Builder) reach(name string) int {
	if b.reachCount == nil {
		b.reachCount = map[string]int{}
		for _, t := range b.schema.Types {
			if (t.Kind != ast.Object && t.Kind != ast.Interface) || strings.HasPrefix(t.Name, "__") || b.connection(t) != nil || b.isEdge(t) {
				continue
			}
			for _, name := range b.leadsTo(t) {
				b.reachCount[name]++
			}
		}
	}
	return b.reachCount[name]
}

// leadsTo lists, once each, the non-leaf types t's non-deprecated fields lead to.
func (b *Builder) leadsTo(t *ast.Definition) []string {
	var out []string
	for _, f := range t.Fields {
		n := b.named(f)
		if n == nil || isLeaf(n) || deprecated(f) {
			continue
		}
		if name := b.itemType(n); !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// belongsTo reports whether the type named item, another type than t, has a single-valued
// field without required arguments of type t, or of an interface t implements with more than an
// id (Node would make everything belong to everything): its values belong to a t.
func (b *Builder) belongsTo(item string, t *ast.Definition) bool {
	d := b.schema.Types[item]
	if d == nil || d.Name == t.Name {
		return false
	}
	for _, f := range d.Fields {
		if isList(f.Type) || needsArgs(f) {
			continue
		}
		if name := f.Type.Name(); name == t.Name || (slices.Contains(t.Interfaces, name) && len(b.schema.Types[name].Fields) > 1) {
			return true
		}
	}
	return false
}

// markRepeats marks, among the collection hops (plain lists, connections, pages) that lead to
// the same type, all but the one best named after it: a name that is the type's name or ends it
// (variants for ProductVariant, pullRequests for PullRequest), else one whose last word is the
// type's (assignableUsers for User), else the first by name (not by declaration order). To-one relations are never repeats:
// each names a role of its own (a repository's parent and its template are both repositories).
func markRepeats(hops []*node) {
	best := map[string]*node{}
	for _, h := range hops {
		if h.hop == hopRelation {
			continue
		}
		if b, ok := best[h.about]; !ok || nameScore(h.name, h.about) > nameScore(b.name, b.about) ||
			nameScore(h.name, h.about) == nameScore(b.name, b.about) && h.name < b.name {
			best[h.about] = h
		}
	}
	for _, h := range hops {
		h.repeat = h.hop != hopRelation && best[h.about] != h
	}
}

// nameScore is 2 when field, its last word made singular, is the type's name or a suffix of
// it in whole words, 1 when only their last words agree, else 0.
func nameScore(field, typeName string) int {
	fw, tw := sensitive.Words(field), sensitive.Words(typeName)
	if len(fw) == 0 || len(tw) == 0 {
		return 0
	}
	fw[len(fw)-1], tw[len(tw)-1] = plural.Key(fw[len(fw)-1]), plural.Key(tw[len(tw)-1])
	switch {
	case len(fw) <= len(tw) && strings.Join(fw, " ") == strings.Join(tw[len(tw)-len(fw):], " "):
		return 2
	case fw[len(fw)-1] == tw[len(tw)-1]:
		return 1
	}
	return 0
}
