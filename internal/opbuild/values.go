package opbuild

// This file recognises the two shapes docs/selection.md adds to entities: value objects (small
// objects without an id, made of leaves and other value objects: money, addresses, localized
// text), which ride with their entity in detail form, and pages of any style (a list and a count
// on an object without an id: items/totalItems, results/count), whose items are selected.

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/answersize"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/vektah/gqlparser/v2/ast"
)

// maxValueDepth bounds how deep a value object nests (TaxedMoney { gross { amount } } is 2).
const maxValueDepth = 3

// pageListNames are the list fields that hold a page's items, most likely first.
var pageListNames = []string{"items", "nodes", "results", "content", "data", "edges", "entries", "records", "rows", "hits", "elements", "list"}

var (
	// countName is a page's count: count, total, totalItems, totalCount, itemCount, …
	countName = regexp.MustCompile(`^(count|total.*|.*Count)$`)
	// moreName says there is a next page or where it starts, on a page without a count:
	// hasNextPage, hasMore, nextToken (AppSync), continuationToken (Dialogporten), nextCursor,
	// or, paging by offset, the offset or page number it starts at (Codex's tokenTopTraders
	// answers { tokenAddress items offset }: not read as a page, its items were trimmed whole).
	moreName = regexp.MustCompile(`^(has(Next|More)\w*|(next|end|last)?[cC]ursor|next(Page)?(Token|Cursor)?|(next)?[cC]ontinuation(Token)?|(next)?[pP]ageToken|(next)?[oO]ffset|(current)?[pP]age(Number|Index)?)$`)
)

// valueObject: an object without an id, not a connection, page or edge, whose selectable fields
// are all leaves or value objects, with at least one selectable leaf somewhere; or a small union
// of such objects.
func (b *Builder) valueObject(t *ast.Definition) bool {
	if t == nil || (t.Kind != ast.Object && t.Kind != ast.Union) {
		return false
	}
	if v, ok := b.valueCache[t.Name]; ok {
		return v
	}
	v := b.isValue(t, nil)
	b.valueCache[t.Name] = v
	return v
}

func (b *Builder) isValue(t *ast.Definition, path []string) bool {
	if t != nil && t.Kind == ast.Union && len(path) < maxValueDepth {
		return b.valueUnion(t, path) // SearchResultPrice = PriceRange | SinglePrice
	}
	if t == nil || t.Kind != ast.Object || t.Fields.ForName("id") != nil || len(path) >= maxValueDepth || slices.Contains(path, t.Name) {
		return false
	}
	if b.connection(t) != nil || b.page(t) != nil || b.isEdge(t) {
		return false
	}
	leaf := false
	for _, f := range t.Fields {
		if introspection(f) || needsArgs(f) || deprecated(f) {
			continue
		}
		n := b.named(f)
		switch {
		case isLeaf(n):
			leaf = leaf || !b.secretLooking(t, f) && !b.personalOut(f)
		case b.isValue(n, append(slices.Clip(path), t.Name)):
			leaf = true
		default:
			return false
		}
	}
	return leaf
}

// valueUnion: a union of at most maxMembers value objects.
func (b *Builder) valueUnion(t *ast.Definition, path []string) bool {
	members := b.members(t)
	if len(members) == 0 || len(members) > maxMembers {
		return false
	}
	for _, m := range members {
		if !b.isValue(m, append(slices.Clip(path), t.Name)) {
			return false
		}
	}
	return true
}

// valueSet is a value object's selection: its leaves and nested value objects, in declaration
// order. The nodes are new each time: later phases alias and trim them in place.
func (b *Builder) valueSet(t *ast.Definition) []*node {
	if t.Kind == ast.Union {
		kids := []*node{typename()}
		for _, m := range b.members(t) {
			if sel := b.valueSet(m); len(sel) > 0 {
				kids = append(kids, fragment(m.Name, sel))
			}
		}
		return kids
	}
	leaves := b.leaves(t)
	var out []*node
	for _, f := range t.Fields {
		switch {
		case slices.Contains(leaves, f):
			out = append(out, field(f, nil))
		case !introspection(f) && !needsArgs(f) && !b.avoided(f) && b.valueObject(b.named(f)):
			if kids := b.valueSet(b.named(f)); len(kids) > 0 {
				out = append(out, field(f, kids))
			}
		}
	}
	return out
}

// page returns the items field when t is a page of any style, else nil: an object without an
// id that is not a connection, with a count or a next-page marker and a list of items (a known
// list name, or else its only list of objects).
func (b *Builder) page(t *ast.Definition) *ast.FieldDefinition {
	if t == nil || t.Kind != ast.Object {
		return nil
	}
	if p, ok := b.pageCache[t.Name]; ok {
		return p
	}
	p := b.findPage(t)
	b.pageCache[t.Name] = p
	return p
}

func (b *Builder) findPage(t *ast.Definition) *ast.FieldDefinition {
	// An entity with an id or a Mongo-style _id is no page (Unchained's Product counts its
	// reviews); one keyed otherwise (EverShop's Cart { cartId items totalQty }) reads as its
	// items' page, and keyed would cost its lines their prices. An edge's cursor is no marker.
	if t.Fields.ForName("id") != nil || t.Fields.ForName("_id") != nil || b.connection(t) != nil || b.isEdge(t) {
		return nil
	}
	if !b.pageMarker(t) {
		return nil
	}
	for _, name := range pageListNames {
		if f := t.Fields.ForName(name); f != nil && isList(f.Type) && !needsArgs(f) && !deprecated(f) {
			return f
		}
	}
	var lists []*ast.FieldDefinition
	for _, f := range t.Fields {
		if n := b.named(f); isList(f.Type) && !needsArgs(f) && !deprecated(f) && n != nil && !isLeaf(n) {
			lists = append(lists, f)
		}
	}
	if len(lists) == 1 {
		return lists[0]
	}
	// Several lists: the items are the one list a count names (Unchained's ProductSearchResult
	// counts productsCount beside products and filters); two counted lists say nothing.
	var counted []*ast.FieldDefinition
	for _, f := range lists {
		if b.counted(t, f.Name) {
			counted = append(counted, f)
		}
	}
	if len(counted) == 1 {
		return counted[0]
	}
	return nil
}

// counted: t has a non-list leaf that counts list: listCount, totalList or list_count, in any case.
func (b *Builder) counted(t *ast.Definition, list string) bool {
	l := strings.ToLower(strings.ReplaceAll(list, "_", ""))
	for _, f := range t.Fields {
		if isList(f.Type) || !isLeaf(b.named(f)) {
			continue
		}
		if name := strings.ToLower(strings.ReplaceAll(f.Name, "_", "")); name == l+"count" || name == "total"+l || name == l+"total" {
			return true
		}
	}
	return false
}

// pageMarker: t has a non-list leaf that counts its items or says there is more (moreName).
func (b *Builder) pageMarker(t *ast.Definition) bool {
	return b.pageMarkedBy(t, countName) || b.pageMarkedBy(t, moreName)
}

// pageMarkedBy: t has a non-list leaf whose name matches re.
func (b *Builder) pageMarkedBy(t *ast.Definition, re *regexp.Regexp) bool {
	for _, f := range t.Fields {
		if !isList(f.Type) && isLeaf(b.named(f)) && re.MatchString(f.Name) {
			return true
		}
	}
	return false
}

// pageFields selects a page like a connection: its items (entities in detail form at the root,
// in summary form when nested), its own non-list leaves (the counts, the page number) and its
// error-like fields with their leaves. Other side lists such as facets are left out.
func (b *Builder) pageFields(t *ast.Definition, items *ast.FieldDefinition, pageSize int, root bool) []*node {
	var out []*node
	keepValues := root && !b.pageMarkedBy(t, countName)
	for _, f := range t.Fields {
		switch {
		case f == items:
			if n := b.pageItems(items, root); n != nil {
				n.mult = pageSize
				out = append(out, n)
			}
		case isLeaf(b.named(f)) && !isList(f.Type) && !needsArgs(f) && !b.avoided(f) && !introspection(f) && !b.secretLooking(t, f):
			out = append(out, field(f, nil))
		case b.errorLike(f) && !needsArgs(f) && !deprecated(f):
			// a mutation's page of results (Nautical's bulk import: count, results, orderErrors)
			// says what failed, as a payload does
			out = append(out, field(f, b.errorSet(b.named(f))))
		case keepValues && !needsArgs(f) && !b.avoided(f) && !introspection(f) && b.valueObject(b.named(f)):
			// a count-less page's state: Dialogporten's continuationToken is sent back with orderBy
			out = append(out, field(f, b.valueSet(b.named(f))))
		}
	}
	return out
}

// pageItems is the items field with the selection its element type deserves.
func (b *Builder) pageItems(items *ast.FieldDefinition, root bool) *node {
	nt := b.named(items)
	switch {
	case isLeaf(nt):
		return field(items, nil)
	case b.isEdge(nt):
		if kids := b.edgeNode(nt); len(kids) > 0 {
			return field(items, kids)
		}
		return nil
	case isAbstract(nt):
		kids := b.rowsOf(nt, b.abstract(nt, false))
		if root {
			kids = b.abstractResult(nt, false)
		}
		if len(kids) > 0 {
			return field(items, kids)
		}
		return nil
	}
	if g := b.entityGroup(nt, root); g != nil {
		if !root {
			g = b.nestedRow(g, nt)
			g.summarize() // a nested page is a glimpse; a root page's items are trimmed, not summarized
		} else {
			g = b.rowNamer(g, nt)
		}
		return field(items, []*node{g})
	}
	if kids := b.expand(nt, expansion{depth: 2, listDepth: 1, path: []string{nt.Name}}); len(kids) > 0 {
		return field(items, kids)
	}
	return nil
}

// pageSizeArg is the argument that bounds a root list or page (the first present of
// answersize.PageSizeArgs, the list the estimate reads too), when it is an Int without a default
// or with a default above limit: it gets limit as its default, so the model may leave it out and
// the server still returns a bounded page. A default above limit would bring more than the budget
// counts: Pokémon's getAllPokemon(take: Int = 1469) answered with about 67,000 values.
func pageSizeArg(f *ast.FieldDefinition, limit int) *ast.ArgumentDefinition {
	a := intPageSizeArg(f)
	if a != nil && (!opdoc.HasDefault(a.DefaultValue) || overLimit(a.DefaultValue, limit)) {
		return a
	}
	return nil
}

// askedSize is how many items the document of root field f asks for: pageSize when its
// page-size argument takes that default, the schema's default when it is smaller
// (getFuzzyAbility(take: Int = 1)), or 0 when no Int page-size argument says.
func askedSize(f *ast.FieldDefinition, pageSize int) int {
	if pageSizeArg(f, pageSize) != nil {
		return pageSize
	}
	if a := intPageSizeArg(f); a != nil && a.DefaultValue.Kind == ast.IntValue {
		n, _ := strconv.Atoi(a.DefaultValue.Raw)
		return max(n, 0)
	}
	return 0
}

// intPageSizeArg is the first of answersize.PageSizeArgs that f has, when it is an Int.
func intPageSizeArg(f *ast.FieldDefinition) *ast.ArgumentDefinition {
	for _, name := range answersize.PageSizeArgs {
		if a := f.Arguments.ForName(name); a != nil {
			if a.Type.Elem == nil && a.Type.NamedType == "Int" {
				return a
			}
			return nil
		}
	}
	return nil
}

// overLimit: the default is an integer above limit.
func overLimit(v *ast.Value, limit int) bool {
	n, err := strconv.Atoi(v.Raw)
	return v.Kind == ast.IntValue && err == nil && n > limit
}

// raisedDefault is the reviewer's note for a page-size argument whose schema default the
// document lowers to pageSize, or "" when it had none.
func raisedDefault(a *ast.ArgumentDefinition, pageSize int) string {
	if a == nil || !opdoc.HasDefault(a.DefaultValue) {
		return ""
	}
	return fmt.Sprintf("page size: %s defaults to %d (pageSize), not the schema's %s, so one call stays within the answer budget; the agent may pass more, up to what the API allows",
		a.Name, pageSize, a.DefaultValue.Raw)
}
