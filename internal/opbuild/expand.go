package opbuild

// This file is Expand of docs/selection.md: the selection of an object that is not a plain entity
// (a mutation payload, a page, an object whose fields are all objects). It walks the fields in
// declaration order and gives each the selection its own shape deserves, with a depth cap, a
// cycle check and no list inside a list, so the estimated response stays small.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/answersize"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/vektah/gqlparser/v2/ast"
)

// maxDepth is how deep Expand follows leafless objects; deeper chains want an override.
const maxDepth = 4

// expansion is the state of one Expand walk.
type expansion struct {
	depth, listDepth int
	path             []string // type names from the root down, for the cycle check
	deprecated       bool     // include deprecated fields (the depth-1 fallback)
}

// expandRoot is Expand(T, 1, listDepth, [T]), retried with deprecated fields when nothing but
// errors answers: GitHub's classic-Projects payloads, and Shopify's marketCurrencySettingsUpdate,
// whose one result (market) is deprecated. An answer of userErrors alone cannot tell the agent
// what changed, so a deprecated result stays rather than none; the note names it.
func (b *Builder) expandRoot(t *ast.Definition, listDepth int) ([]*node, string) {
	x := expansion{depth: 1, listDepth: listDepth, path: []string{t.Name}}
	out := b.expand(t, x)
	if b.answers(t, out) {
		return out, ""
	}
	if b.deprecatedResult(t) {
		x.deprecated = true
		out = b.expand(t, x)
		var kept []string
		for _, k := range out {
			if f := t.Fields.ForName(k.name); f != nil && deprecated(f) {
				kept = append(kept, f.Name)
			}
		}
		if len(kept) > 0 {
			return out, fmt.Sprintf("selected though deprecated: %s, the only result %s has besides errors; an override can leave it out",
				strings.Join(kept, ", "), t.Name)
		}
	}
	return b.personalResult(t, out)
}

// personalResult adds to out, a payload's selection that answers with errors only, its results
// that are personal data, in summary form: a customer's new address says which address it is
// ({ id name }), never its street or phone. The agent sent what the mutation stored, and an
// answer of userErrors alone cannot say what was made (Shopify's customerAddressCreate, whose
// one result is customerAddress). The note names them.
func (b *Builder) personalResult(t *ast.Definition, out []*node) ([]*node, string) {
	if !slices.ContainsFunc(t.Fields, b.errorLike) {
		return out, "" // no payload: an object of personal data alone is no answer to keep
	}
	var kept []string
	for _, f := range t.Fields {
		n := b.named(f)
		if !b.personalOut(f) || deprecated(f) || b.gated(f) || needsArgs(f) || introspection(f) || b.errorLike(f) || n == nil || isAbstract(n) {
			continue
		}
		var k *node
		if isLeaf(n) {
			k = field(f, nil)
		} else if g := b.summaryGroup(n); g != nil {
			k = field(f, []*node{g})
		}
		if k != nil {
			out, kept = append(out, k), append(kept, f.Name)
		}
	}
	if len(kept) == 0 {
		return out, ""
	}
	slices.SortStableFunc(out, func(x, y *node) int { return fieldIndex(t, x) - fieldIndex(t, y) })
	return out, fmt.Sprintf("selected though personal data, in summary form: %s, the only result %s has besides errors; selection: {personal: true} for this tool in the allow-list selects it whole, an override can leave it out",
		strings.Join(kept, ", "), t.Name)
}

// fieldIndex is where the field node k is declared in t, for declaration order.
func fieldIndex(t *ast.Definition, k *node) int {
	return slices.IndexFunc(t.Fields, func(f *ast.FieldDefinition) bool { return f.Name == k.name })
}

// answers: kids select something of t other than its errors.
func (b *Builder) answers(t *ast.Definition, kids []*node) bool {
	for _, k := range kids {
		if f := t.Fields.ForName(k.name); f != nil && !b.errorLike(f) {
			return true
		}
	}
	return false
}

// deprecatedResult: t has a deprecated field that is not an error list.
func (b *Builder) deprecatedResult(t *ast.Definition) bool {
	for _, f := range t.Fields {
		if deprecated(f) && !b.errorLike(f) && f.Name != "clientMutationId" {
			return true
		}
	}
	return false
}

// expand selects t's fields in declaration order. An edge whose node type another field of t
// already selects is left out: PostGraphile's payloads carry order { … } and orderEdge { node
// { … } }, the same order twice.
func (b *Builder) expand(t *ast.Definition, x expansion) []*node {
	var out, edges []*node
	selects, edgeOf := map[string]bool{}, map[*node]string{}
	for _, f := range t.Fields {
		n := b.expandField(t, f, x)
		if n == nil {
			continue
		}
		if nt := b.named(f); b.isEdge(nt) {
			edges, edgeOf[n] = append(edges, n), b.named(nt.Fields.ForName("node")).Name
		} else {
			selects[nt.Name] = true
		}
		out = append(out, n)
	}
	for _, e := range edges {
		if selects[edgeOf[e]] {
			out = slices.DeleteFunc(out, func(n *node) bool { return n == e })
		}
	}
	return out
}

// expandField selects one field f of the expanded object t, or returns nil to leave it out.
func (b *Builder) expandField(t *ast.Definition, f *ast.FieldDefinition, x expansion) *node {
	if introspection(f) || needsArgs(f) || f.Name == "clientMutationId" || b.personalOut(f) || (!x.deprecated && b.avoided(f)) {
		return nil
	}
	n := b.named(f)
	if n == nil || n == b.schema.Query {
		return nil // the query root is the whole API again (PostGraphile's payload.query)
	}
	if isLeaf(n) {
		if b.secretLooking(t, f) {
			return nil
		}
		return field(f, nil)
	}
	if x.depth >= maxDepth || slices.Contains(x.path, n.Name) {
		return nil
	}
	errorLike := b.errorLike(f)
	if isList(f.Type) && x.listDepth >= 1 && !errorLike {
		return b.containedList(t, f, n, x)
	}
	kids, args := b.expandKids(f, n, errorLike, x)
	if len(kids) == 0 {
		return nil
	}
	out := field(f, kids)
	out.args = args
	return out
}

// containedList is a list of entities inside a list, which Expand leaves out (each row would
// repeat a page), except where it is all a row holds: an object without leaves of its own is a
// pair or a container (Shopify's availableCarrierServices: [{ carrierService locations }]), and
// without its entity lists its rows would not say what they pair. Those come in summary form,
// one level deep only.
func (b *Builder) containedList(t *ast.Definition, f *ast.FieldDefinition, n *ast.Definition, x expansion) *node {
	if x.listDepth > 1 || !b.hasID(n) || len(b.leaves(t)) > 0 {
		return nil
	}
	g := b.summaryGroup(n)
	if g == nil {
		return nil
	}
	out := field(f, []*node{g})
	out.args = b.nestedPageArgs(f)
	return out
}

// expandKids is the sub-selection of a non-leaf field, by the shape of its type.
func (b *Builder) expandKids(f *ast.FieldDefinition, n *ast.Definition, errorLike bool, x expansion) ([]*node, string) {
	switch {
	case errorLike:
		return b.errorSet(n), "" // plain fields: user errors are never degraded or trimmed
	case b.isEdge(n):
		return b.edgeNode(n), ""
	case b.connection(n) != nil:
		return b.nestedConnection(f, n)
	case b.page(n) != nil:
		return b.pageFields(n, b.page(n), nestedPageSize, false), b.nestedPageArgs(f)
	case isAbstract(n) && isList(f.Type):
		return b.rowsOf(n, b.abstract(n, false)), ""
	case isAbstract(n):
		return b.abstract(n, true), ""
	}
	if g := b.entityGroupUnder(n, false, x.path); g != nil {
		if isList(f.Type) {
			g = b.nestedRow(g, n)
		}
		return []*node{g}, ""
	}
	return b.expand(n, x.deeper(n.Name, isList(f.Type))), ""
}

// deeper is the state one object further down.
func (x expansion) deeper(typeName string, list bool) expansion {
	y := x
	y.depth++
	y.path = append(slices.Clip(x.path), typeName)
	if list {
		y.listDepth++
	}
	return y
}

// edgeNode selects an edge's node, e.g. the comment a payload's commentEdge points to.
func (b *Builder) edgeNode(edge *ast.Definition) []*node {
	nf := edge.Fields.ForName("node")
	nt := b.named(nf)
	var x []*node
	if isAbstract(nt) {
		x = b.abstract(nt, true)
	} else if g := b.entityGroup(nt, false); g != nil {
		x = []*node{g}
	}
	if len(x) == 0 {
		return nil
	}
	return []*node{field(nf, x)}
}

// nestedConnection is f(first: 5) { Connection(N, root=false) }: a glimpse, not a pager.
func (b *Builder) nestedConnection(f *ast.FieldDefinition, n *ast.Definition) ([]*node, string) {
	args := ""
	if f.Arguments.ForName("first") != nil {
		args = "(first: " + strconv.Itoa(nestedPageSize) + ")"
	}
	return b.connectionFields(n, b.connection(n), nestedPageSize, false), args
}

// nestedPageArgs bounds a nested page or list by its page-size argument, or else by the
// page-size field of an input object argument, as a literal: Vendure's Customer.orders(options:
// OrderListOptions) returned as many orders as the server's default allows without
// orders(options: {take: 5}).
func (b *Builder) nestedPageArgs(f *ast.FieldDefinition) string {
	five := strconv.Itoa(nestedPageSize)
	if intPageSizeArg(f) != nil {
		if a := pageSizeArg(f, nestedPageSize); a != nil {
			return "(" + a.Name + ": " + five + ")"
		}
		return "" // its own default is small enough
	}
	for _, a := range f.Arguments {
		if in := b.inputPageSizeField(b.schema.Types[a.Type.Name()]); in != nil && !isList(a.Type) {
			return "(" + a.Name + ": {" + in.Name + ": " + five + "})"
		}
	}
	return ""
}

// inputPageSizeField is the page-size field of input object t (the first of
// answersize.PageSizeArgs, an Int without a default or with one above nestedPageSize), when t
// can be written with that field alone: no other field is required.
func (b *Builder) inputPageSizeField(t *ast.Definition) *ast.FieldDefinition {
	if t == nil || t.Kind != ast.InputObject {
		return nil
	}
	var out *ast.FieldDefinition
	for _, name := range answersize.PageSizeArgs {
		if fd := t.Fields.ForName(name); fd != nil {
			if fd.Type.Elem != nil || fd.Type.NamedType != "Int" || (opdoc.HasDefault(fd.DefaultValue) && !overLimit(fd.DefaultValue, nestedPageSize)) {
				return nil
			}
			out = fd
			break
		}
	}
	for _, fd := range t.Fields {
		if fd != out && fd.Type.NonNull && !opdoc.HasDefault(fd.DefaultValue) {
			return nil
		}
	}
	return out
}
