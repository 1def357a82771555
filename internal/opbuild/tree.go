package opbuild

// This file holds the selection tree the phases build, degrade, alias and print: a node is a
// field, an inline fragment or an entity group. An entity group carries both of an entity's
// forms (detail and summary) so that the fit phase can switch between them and trim it without
// going back to the schema.

import (
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Response multipliers: how many times a list repeats its subtree in an estimated response.
const (
	nestedPageSize = 5 // the first: of a nested connection
	listGuess      = 5 // any other list
)

// node is one selection. Exactly one of these holds: name != "" (a field), on != "" (an inline
// fragment), ent != nil (an entity group, printed as its current leaves in place).
type node struct {
	name  string
	alias string // set by the merge-safety phase
	args  string // printed arguments, e.g. "(first: 5)"
	on    string
	typ   string // the field's type as written, compared by merge safety
	mult  int    // list multiplier of this field's subtree; 1 when not a list
	kids  []*node
	ent   *entity
	hop   int // a one-hop selection beside the root entity: its rank (hop.go), else 0
	// about, reach, repeat and belongs rank a hop (relevance.go): the type it leads to, how many
	// types lead there, whether another collection hop leads there too and is better named after
	// it, and whether that type points back to the entity.
	about   string
	reach   int
	repeat  bool
	belongs bool
	// reducedAway names the fields reduce removed from under this one.
	reducedAway []string
	tier        int  // relevance of a field of an entity group (rank.go), which trim reads
	member      bool // a member fragment beside an interface's own fields (members.go): dropped whole
}

// entity is E(T, form): the current leaves are the group node's kids.
type entity struct {
	typeName   string
	detail     []*node
	inSummary  map[string]bool // names of summary(T)
	summaryLen int             // len(summary(T)), plus its naming reference when it has one
	namer      string          // the naming reference of a nameless T (namer.go), kept in summary form but trimmable
	summarized bool
	degraded   bool     // summarized by the fit phase, which the reviewer is told
	root       bool     // the root field's own entity: trimmed but never summarized
	row        bool     // an item of a list whose naming reference needs no key of its own (namer.go)
	trimmed    []string // leaves removed by the fit phase, in removal order
	gone       []*node  // the fields trim removed whole, for the tests of its order
}

func typename() *node { return &node{name: "__typename", typ: "String!", mult: 1} }

// field makes a field node for f with the given sub-selection (nil for a leaf).
func field(f *ast.FieldDefinition, kids []*node) *node {
	mult := 1
	if isList(f.Type) {
		mult = listGuess
	}
	return &node{name: f.Name, typ: f.Type.String(), mult: mult, kids: kids}
}

func fields(fs []*ast.FieldDefinition) []*node {
	out := make([]*node, len(fs))
	for i, f := range fs {
		out[i] = field(f, nil)
	}
	return out
}

func fragment(on string, kids []*node) *node { return &node{on: on, kids: kids, mult: 1} }

// entityGroup is E(t) in detail form, or nil when t has no leaves to select: its leaves, its
// value objects and its embedded objects (embed.go) in declaration order. The summary form keeps
// summary(t)'s leaves only.
func (b *Builder) entityGroup(t *ast.Definition, root bool) *node {
	return b.entityGroupUnder(t, root, nil)
}

// entityGroupUnder is entityGroup inside an expansion whose objects, from the root down, are
// named by ancestors: an embedded object of one of those types, or an entity of t's own type inside
// one, would repeat what the expansion already selects (an order inside its own totals).
func (b *Builder) entityGroupUnder(t *ast.Definition, root bool, ancestors []string) *node {
	embeds := b.saysLittle(t)
	return b.entityGroupEmbedding(t, root, ancestors, func(*ast.Definition) bool { return embeds })
}

// singleGroup is E(t) for the single object a root field returns. Without a key of its own
// (keyed) it gets no one hop, so its single-valued embedded objects that are no entity either
// (not keyed, not the query root) are all it can add to its leaves, and they come whatever it
// says: Solana's transaction answered { blockTime signatures slot version }, never its meta
// (fee, err, status, logs) or its message. A keyed object is a relation, which only a hop
// brings (Sui's transaction would have carried its epoch's system parameters); with a key of its
// own, t gets that hop instead.
func (b *Builder) singleGroup(t *ast.Definition) *node {
	little, keyless := b.saysLittle(t), !b.keyed(t)
	return b.entityGroupEmbedding(t, true, nil, func(n *ast.Definition) bool {
		return little || keyless && !b.keyed(n) && n != b.schema.Query
	})
}

// entityGroupEmbedding builds E(t); embeds says which of t's single-valued embedded objects
// its detail form holds.
func (b *Builder) entityGroupEmbedding(t *ast.Definition, root bool, ancestors []string, embeds func(*ast.Definition) bool) *node {
	leaves := b.leaves(t)
	if len(leaves) == 0 {
		return nil
	}
	var detail []*node
	for _, f := range t.Fields {
		n := b.named(f)
		switch {
		case slices.Contains(leaves, f):
			detail = append(detail, field(f, nil))
		case introspection(f) || needsArgs(f) || b.avoided(f):
		case b.valueObject(n):
			if kids := b.valueSet(n); len(kids) > 0 {
				detail = append(detail, field(f, kids))
			}
		case !isList(f.Type) && b.embedded(n) && !slices.Contains(ancestors, n.Name) && embeds(n):
			if kids := b.embedSet(n, append(slices.Clip(ancestors), t.Name)); len(kids) > 0 {
				detail = append(detail, field(f, kids))
			}
		}
	}
	return b.withNamer(b.group(t, detail, root), t, ancestors)
}

// withNamer adds to g, the group of a nameless t other than the root entity, its naming
// reference (namer.go), unless its detail already selects that field.
func (b *Builder) withNamer(g *node, t *ast.Definition, ancestors []string) *node {
	if g.ent.root {
		return g
	}
	n := b.namer(t, ancestors)
	if n == nil || slices.ContainsFunc(g.ent.detail, func(k *node) bool { return k.name == n.name }) {
		return g
	}
	b.rankKids(t, []*node{n})
	g.ent.detail = append(g.ent.detail, n)
	g.kids = g.ent.detail
	g.ent.namer, g.ent.summaryLen = n.name, g.ent.summaryLen+1
	return g
}

// group makes the entity group of t with the given detail form.
func (b *Builder) group(t *ast.Definition, detail []*node, root bool) *node {
	sum := b.summary(t)
	e := &entity{typeName: t.Name, detail: detail, inSummary: map[string]bool{}, summaryLen: len(sum), root: root}
	for _, f := range sum {
		e.inSummary[f.Name] = true
	}
	b.rankKids(t, detail)
	for _, k := range detail {
		if f := t.Fields.ForName(k.name); f != nil && k.ent == nil {
			b.rankKids(b.named(f), k.kids) // what reduce weighs inside an embedded object
		}
	}
	return &node{ent: e, kids: detail, mult: 1}
}

// rankKids gives each field node of type t its relevance tier (rank.go).
func (b *Builder) rankKids(t *ast.Definition, kids []*node) {
	if t == nil {
		return
	}
	for _, k := range kids {
		if f := t.Fields.ForName(k.name); f != nil {
			k.tier = b.tier(t, f)
		}
	}
}

// summaryGroup is E(t) already in summary form: nothing left to degrade. Its detail is
// summary(t) alone: building the rest (embedded objects and the entities inside them) would only
// be thrown away.
func (b *Builder) summaryGroup(t *ast.Definition) *node { return b.summaryGroupWith(t, nil) }

// summaryGroupWith is summaryGroup with the given leaves of t kept beside summary(t) (gone.go's
// state of a removed entity).
func (b *Builder) summaryGroupWith(t *ast.Definition, with []*ast.FieldDefinition) *node {
	var detail []*ast.FieldDefinition
	for _, f := range b.leaves(t) { // declaration order, as summarize keeps it
		if slices.Contains(b.summary(t), f) || slices.Contains(with, f) {
			detail = append(detail, f)
		}
	}
	if len(detail) == 0 {
		return nil
	}
	g := b.withNamer(b.group(t, fields(detail), false), t, nil)
	for _, f := range with {
		if !g.ent.inSummary[f.Name] {
			g.ent.inSummary[f.Name] = true
			g.ent.summaryLen++
		}
	}
	g.summarize()
	return g
}

// summarize switches the group to summary form, keeping summary(T)'s fields in their order and
// the naming reference of a nameless T.
func (n *node) summarize() {
	var kept []*node
	for _, k := range n.ent.detail {
		if n.ent.inSummary[k.name] || k.name == n.ent.namer {
			kept = append(kept, k)
		}
	}
	n.kids, n.ent.summarized = kept, true
}

// degradable: in detail form with a strictly smaller summary, and not the root entity.
func (n *node) degradable() bool {
	return !n.ent.root && !n.ent.summarized && n.ent.summaryLen < len(n.kids)
}

// trim removes a non-summary field and reports whether there was one: the least relevant by
// rank.go's order, whatever order the schema declares its fields in (Shopify's Admin API is
// alphabetical: trimming from the end kept a product's giftCardTemplateSuffix and lost its
// status). Within a tier the field holding the most values (a list, a JSON value) goes first:
// by declaration order Nautical's products kept two metadata lists and lost their price.
func (n *node) trim() bool {
	best := -1
	for i, k := range n.kids {
		if n.ent.inSummary[k.name] {
			continue
		}
		if best < 0 || lessRelevant(k.tier, k.trimWeight(), k.name, n.kids[best].tier, n.kids[best].trimWeight(), n.kids[best].name) < 0 {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	if k := n.kids[best]; k.trimWeight() > 0 && k.reduce() {
		for _, name := range k.reducedAway {
			n.ent.trimmed = append(n.ent.trimmed, k.name+"."+name)
		}
		return true
	}
	n.ent.trimmed = append(n.ent.trimmed, n.kids[best].name)
	n.ent.gone = append(n.ent.gone, n.kids[best])
	n.kids = append(n.kids[:best:best], n.kids[best+1:]...)
	return true
}

// reduce strips a bulky field's sub-selection to its own leaves that hold no list, when those
// name what it holds (a name-like leaf is among them) and something else would go: Pokémon's
// types { name matchup { twelve lists } } becomes types { name } instead of going whole. Without
// a name the rest is no use alone (a learnset's moves { generation } without the move). A kept
// leaf ranked below a field reduced away goes too, so nothing kept ranks below what went.
func (n *node) reduce() bool {
	var kept, away []*node
	named := false
	for _, k := range n.kids {
		if k.ent == nil && k.on == "" && len(k.kids) == 0 && k.mult == 1 && !k.isBlob() {
			kept, named = append(kept, k), named || isNameLike(k.name)
		} else {
			away = append(away, k)
		}
	}
	if !named || len(away) == 0 || slices.ContainsFunc(away, func(k *node) bool { return k.name == "" }) {
		return false
	}
	top := slices.MaxFunc(away, func(a, b *node) int { return a.tier - b.tier }).tier
	kept = slices.DeleteFunc(kept, func(k *node) bool {
		if k.tier < top && !isNameLike(k.name) {
			away = append(away, k)
			return true
		}
		return false
	})
	n.kids, n.reducedAway = kept, nil
	for _, k := range away {
		n.reducedAway = append(n.reducedAway, k.name)
	}
	return true
}

func (n *node) trimWeight() int {
	if n.bulky() {
		return n.weight()
	}
	return 0
}

// bulky: the field is a list, holds one, or is a JSON value (isBlob).
func (n *node) bulky() bool {
	if n.mult > 1 || n.isBlob() {
		return true
	}
	for _, k := range n.kids {
		if k.bulky() {
			return true
		}
	}
	return false
}

func (n *node) isBlob() bool {
	return len(n.kids) == 0 && n.ent == nil && n.on == "" && blob(strings.Trim(n.typ, "[]!"))
}

// weight is the leaf values a field holds in one response, a JSON value counting as a list of
// them: a blob of unknown size, often rich text.
func (n *node) weight() int {
	if n.isBlob() {
		return listGuess * n.mult
	}
	return n.leafCount()
}

// blob: a scalar whose name says it holds JSON (JSON, JSONString, JSONObject) or any value.
func blob(scalar string) bool {
	s := strings.ToLower(scalar)
	return strings.Contains(s, "json") || s == "genericscalar" || s == "any" || s == "objectscalar"
}

// leafCount estimates the leaf values of n in one response (docs/selection.md's L).
func (n *node) leafCount() int {
	if n.ent == nil && n.on == "" && len(n.kids) == 0 {
		return n.mult
	}
	return n.mult * setLeafCount(n.kids)
}

// setLeafCount adds the fields of a selection set and the largest of its inline fragments:
// only one member's fragment applies to any one object.
func setLeafCount(kids []*node) int {
	sum, frag := 0, 0
	for _, k := range kids {
		if k.on != "" {
			frag = max(frag, k.leafCount())
		} else {
			sum += k.leafCount()
		}
	}
	return sum + frag
}
