package opbuild

// This file is the naming reference of docs/selection.md ("Named by"): an entity without a name
// of its own is named by the entity it points to. A Storefront cart's lines were { id quantity }:
// which products are in the cart was nowhere, because a CartLine's name is its merchandise's
// (ProductVariant { id title }). So the selection of a nameless entity, other than the root
// entity, carries its one naming reference in that entity's own summary, one level deep.

import (
	"regexp"
	"slices"

	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// hasName: t has a name-like leaf (isNameLike, a url excluded).
func (b *Builder) hasName(t *ast.Definition) bool { return nameLike(b.leaves(t)) != nil }

// publicName: t's name-like leaf exists and is not personal data (an email is no public name).
func (b *Builder) publicName(t *ast.Definition) bool {
	f := nameLike(b.leaves(t))
	return f != nil && !sensitive.Personal(f.Name)
}

// nameless: t has neither a name-like leaf nor a url, so its summary cannot say what it is.
func (b *Builder) nameless(t *ast.Definition) bool {
	return !b.hasName(t) && findField(b.leaves(t), "url") == nil
}

// namesOthers reports whether a field of type n can name the entity holding it: n is an entity
// (an id, or a key of its own) with a name-like leaf that is not personal data, or an interface
// or union of at most maxMembers such entities (an interface with such a leaf of its own needs no
// members). A person known only by their email names nothing: the example's reviews would have
// handed the model every reviewer's email address (sensitive.Personal, as toolgen diff flags).
func (b *Builder) namesOthers(n *ast.Definition) bool {
	switch {
	case n == nil:
		return false
	case n.Kind == ast.Object:
		return b.keyed(n) && b.publicName(n)
	case n.Kind == ast.Interface && b.publicName(n):
		return true
	case !isAbstract(n):
		return false
	}
	members := b.members(n)
	return len(members) > 0 && len(members) <= maxMembers &&
		!slices.ContainsFunc(members, func(m *ast.Definition) bool { return !b.namesOthers(m) })
}

// namers are the candidate naming references of entity t, best first: its non-list fields that
// are selectable (no required arguments, not deprecated or gated) and lead to an entity that
// namesOthers; none when t has a name or a url of its own, or is no entity (an aggregate's
// max { id name } names nothing). A non-null reference goes first: t cannot exist without it
// (a Vendure order line's productVariant: ProductVariant!, not its optional featuredAsset).
// Then one to a type that does not hold a list of t: a type that does is what t is listed in,
// not what it is (the line's order: Order!, which rank.go puts first by its shorter name). Then
// rank.go's order. Declaration order never decides.
func (b *Builder) namers(t *ast.Definition) []*ast.FieldDefinition {
	if out, ok := b.namerCache[t.Name]; ok {
		return out
	}
	var out []*ast.FieldDefinition
	if t.Kind != ast.Union && b.nameless(t) {
		for _, f := range t.Fields {
			if !isList(f.Type) && !introspection(f) && !needsArgs(f) && !b.avoided(f) && b.namesOthers(b.named(f)) {
				out = append(out, f)
			}
		}
	}
	out = b.ranked(t, out)
	slices.SortStableFunc(out, func(x, y *ast.FieldDefinition) int {
		if c := boolCmp(!x.Type.NonNull, !y.Type.NonNull); c != 0 {
			return c
		}
		return boolCmp(b.holds(b.named(x), t), b.holds(b.named(y), t))
	})
	b.namerCache[t.Name] = out
	return out
}

// boolCmp orders false before true.
func boolCmp(x, y bool) int {
	switch {
	case x == y:
		return 0
	case x:
		return 1
	}
	return -1
}

// namer is the naming reference of t selected where the types named by ancestors are already
// selected: a field node holding the summary of the entity the best of namers(t) leads to; nil
// when there is none, or when that entity encloses t (a user's status { user }, a user's
// sessions { user }): the context names t already, and the next candidate (the status's
// organization) would be what the rule ranks lower, noise rather than a name.
func (b *Builder) namer(t *ast.Definition, ancestors []string) *node {
	f := b.namerField(t, ancestors, false)
	if f == nil {
		return nil
	}
	if kids := b.namerKids(b.named(f)); len(kids) > 0 {
		return field(f, kids)
	}
	return nil
}

// namerField is the best of namers(t), unless it leads to one of ancestors. Only an entity has
// one (an aggregate's max { id name } names nothing), or a row: an item of a root list, page or
// connection, keyed or not (rowNamer).
func (b *Builder) namerField(t *ast.Definition, ancestors []string, row bool) *ast.FieldDefinition {
	fs := b.namers(t)
	if len(fs) == 0 || !row && !b.keyed(t) || slices.ContainsFunc(ancestors, func(a string) bool { return b.sameThing(b.named(fs[0]), a) }) {
		return nil
	}
	return fs[0]
}

// rowNamer gives g, the group of a nameless item of a root list, page or connection, its naming
// reference, which the fit keeps as it keeps the item's summary. The root entity of a single
// result gets none: its relations come as its one hop. Items get no hop, so without it a list
// of rows said nothing of what each row was about: Codex's filterTokens answered 25 figures per
// token and never which token (TokenFilterResult { token: EnhancedToken … } has no id or name
// of its own), and its balances never said which token each balance was of.
func (b *Builder) rowNamer(g *node, t *ast.Definition) *node {
	if n := b.addRowNamer(g, t); n != nil {
		g.ent.inSummary[n.name] = true
	}
	return b.rowKey(g, t)
}

// nestedRow gives g, the group of a nameless item of a list nested in the answer (a hop's
// connection, a payload's list, a page inside an object), its naming reference as a root row
// gets it, with a key of its own or without: the Admin API's priceList.prices { nodes {
// originType } } never said which variant each price was for (PriceListPrice has no id). In
// summary form it is the one field beyond summary(T), so the fit may trim it as it trims any
// naming reference (Phase 2).
func (b *Builder) nestedRow(g *node, t *ast.Definition) *node {
	b.addRowNamer(g, t)
	return b.rowKey(g, t)
}

// rowKey puts in the summary of g, a row of type t without an id, a name or a naming reference,
// its own key: its most relevant key-like leaf (keyLike) that every call passes in (callKeys)
// does not name. A summary's telling leaves leave identifiers out, and the fit keeps nothing else
// of a root row: Codex's tokenTopTraders answered each trader's amounts and never which wallet
// (walletAddress; its tokenAddress and networkId are the call's required input, the same in
// every row).
func (b *Builder) rowKey(g *node, t *ast.Definition) *node {
	if g == nil || g.ent.namer != "" || !b.nameless(t) || slices.ContainsFunc(b.summary(t), func(f *ast.FieldDefinition) bool { return f.Name == "id" || f.Name == "_id" || keyLike(f) }) {
		return g // an id, or a key a summary's telling leaves hold already (a trade's makerAddress)
	}
	for _, f := range b.ranked(t, b.leaves(t)) {
		if !keyLike(f) || b.passed[f.Name] || !slices.ContainsFunc(g.ent.detail, func(k *node) bool { return k.name == f.Name }) {
			continue
		}
		g.ent.inSummary[f.Name], g.ent.summaryLen = true, g.ent.summaryLen+1
		if g.ent.summarized {
			g.summarize()
		}
		break
	}
	return g
}

// keyLike: leaf f identifies a thing, its row's or another's: ID-typed (id), a uuid, an address,
// a hash, a signature or a key by its last word (walletAddress, tokenId, txHash).
func keyLike(f *ast.FieldDefinition) bool {
	return !isList(f.Type) && (f.Type.Name() == "ID" || keyName.MatchString(f.Name))
}

var keyName = regexp.MustCompile(`^(uuid|address|signature|pubkey|hash|digest)$|.(Id|ID|_id|Address|_address|Hash|_hash|Signature|Digest|Key|_key)$`)

// callKeys are the names of what every call of root field f passes: its required arguments and
// the required fields of its required input object arguments. A row's key of that name is the
// same in every row (rowKey); an optional one may not be (getParallelCardChanges(tokenId:
// String) answers every token's changes when it is left out).
func (b *Builder) callKeys(f *ast.FieldDefinition) map[string]bool {
	out := map[string]bool{}
	for _, a := range f.Arguments {
		if !a.Type.NonNull || opdoc.HasDefault(a.DefaultValue) {
			continue
		}
		out[a.Name] = true
		if in := b.schema.Types[a.Type.Name()]; in != nil && in.Kind == ast.InputObject {
			for _, fd := range in.Fields {
				if fd.Type.NonNull && !opdoc.HasDefault(fd.DefaultValue) {
					out[fd.Name] = true
				}
			}
		}
	}
	return out
}

// addRowNamer adds to g the naming reference of row type t (namerField with row set) and returns
// it, or nil when g has one already, t has none, or g's detail selects that field already.
func (b *Builder) addRowNamer(g *node, t *ast.Definition) *node {
	if g == nil || g.ent.namer != "" {
		return nil
	}
	f := b.namerField(t, nil, true)
	if f == nil || slices.ContainsFunc(g.ent.detail, func(k *node) bool { return k.name == f.Name }) {
		return nil
	}
	kids := b.namerKids(b.named(f))
	if len(kids) == 0 {
		return nil
	}
	n := field(f, kids)
	b.rankKids(t, []*node{n})
	g.ent.detail = append(g.ent.detail, n)
	if g.ent.summarized {
		g.kids = append(slices.Clip(g.kids), n)
	} else {
		g.kids = g.ent.detail
	}
	g.ent.namer, g.ent.summaryLen, g.ent.row = n.name, g.ent.summaryLen+1, true
	return n
}

// rowsOf is Abstract(t)'s selection kids as the items of a nested list: an interface's own group
// gets its naming reference as a row (the Partner API's app.events { __typename type } never
// said which shop an event was about, though every AppEvent has shop: Shop!). When the
// interface's fields still cannot say which thing an item is (no id, no name, no reference that
// does not lead back), each of at most maxMembers members that has an id or a name-like leaf
// gets a fragment of those alone (memberNames): GitHub's createSponsorships { sponsorables }
// answered seven amounts and flags per sponsorable and never which user or organization.
func (b *Builder) rowsOf(t *ast.Definition, kids []*node) []*node {
	if t.Kind != ast.Interface {
		return kids
	}
	for _, k := range kids {
		if k.ent == nil || k.ent.typeName != t.Name {
			continue
		}
		if b.nestedRow(k, t); k.ent.namer != "" || b.hasName(t) || b.keyed(t) {
			return kids
		}
		return append(kids, b.memberNames(t)...)
	}
	return kids
}

// memberNames are the fragments of t's members that say which thing each is: its id and its
// name-like leaf (summary(m) without its url or telling leaves), for at most maxMembers members.
// Over that cap none: 21 compact fragments { id name } for the Partner API's events cost 198
// o200k tokens per tool, half the selection budget, and its members have neither to select: the
// interface's shop names them (docs/selection.md, "Named by").
func (b *Builder) memberNames(t *ast.Definition) []*node {
	members := b.members(t)
	if len(members) > maxMembers {
		return nil
	}
	var out []*node
	for _, m := range members {
		var names []*ast.FieldDefinition
		for _, f := range b.summary(m) {
			if f.Name == "id" || f.Name == "_id" || isNameLike(f.Name) {
				names = append(names, f)
			}
		}
		if b.errorType(m) || len(names) == 0 {
			continue
		}
		g := b.group(m, fields(names), false)
		g.summarize()
		out = append(out, fragment(m.Name, []*node{g}))
	}
	return out
}

// namerKids is the summary of the naming entity n: its summary group, or for an abstract n
// without a name of its own, __typename and each member's summary in a fragment, as members.go
// writes them (merchandise { __typename ... on ProductVariant { id title } }).
func (b *Builder) namerKids(n *ast.Definition) []*node {
	if !isAbstract(n) || b.hasName(n) {
		if g := b.summaryGroup(n); g != nil {
			return []*node{g}
		}
		return nil
	}
	kids := []*node{typename()}
	for _, m := range b.members(n) {
		if g := b.summaryGroup(m); g != nil {
			kids = append(kids, fragment(m.Name, []*node{g}))
		}
	}
	if len(kids) == 1 {
		return nil
	}
	return kids
}

// sameThing: a field of type n leads back to the type named a: n is a, an interface a
// implements, or an abstract type a is a member of (or the other way round). Interfaces both
// implement (GitHub's Node) do not count.
func (b *Builder) sameThing(n *ast.Definition, a string) bool {
	d := b.schema.Types[a]
	return d != nil && (slices.Contains(b.family(d), n.Name) || slices.Contains(b.family(n), a))
}

// family is t's name, the interfaces it implements and, for an abstract t, its members' names.
func (b *Builder) family(t *ast.Definition) []string {
	out := append([]string{t.Name}, t.Interfaces...)
	if isAbstract(t) {
		for _, m := range b.members(t) {
			out = append(out, m.Name)
		}
	}
	return out
}

// fixNamers walks the built tree before the fit and, in each entity group, leaves out a naming
// reference leading back to an entity enclosing it (a user's sessions { user }, a user's
// status { user }: what the tool is already about). Summaries are built without knowing where
// they will sit, so this is where the enclosing entities are known; no second-best stands in.
func (b *Builder) fixNamers(kids []*node, ancestors []string) {
	for _, k := range kids {
		if k.ent == nil {
			b.fixNamers(k.kids, ancestors)
			continue
		}
		if k.ent.namer != "" {
			b.unname(k, ancestors)
		}
		b.fixNamers(k.kids, append(slices.Clip(ancestors), k.ent.typeName))
	}
}

// unname leaves out g's naming reference when it leads back to an entity of ancestors.
func (b *Builder) unname(g *node, ancestors []string) {
	t := b.schema.Types[g.ent.typeName]
	if t == nil || b.namerField(t, ancestors, g.ent.row) != nil {
		return
	}
	drop := func(k *node) bool { return k.name == g.ent.namer }
	g.ent.detail = slices.DeleteFunc(slices.Clone(g.ent.detail), drop)
	g.kids = slices.DeleteFunc(slices.Clone(g.kids), drop)
	g.ent.namer, g.ent.summaryLen = "", g.ent.summaryLen-1
}

// holds reports whether n (or, for an abstract n, one of its members) has a list, a connection
// or a page of t's items (or of an interface t implements).
func (b *Builder) holds(n, t *ast.Definition) bool {
	types := []*ast.Definition{n}
	if isAbstract(n) {
		types = append(types, b.members(n)...)
	}
	for _, d := range types {
		for _, f := range d.Fields {
			m := b.named(f)
			if m == nil || isLeaf(m) || !isList(f.Type) && b.connection(m) == nil && b.page(m) == nil {
				continue
			}
			if item := b.itemType(m); item == t.Name || slices.Contains(t.Interfaces, item) {
				return true
			}
		}
	}
	return false
}
