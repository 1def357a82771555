package usefultest

// This file holds the properties of docs/selection.md that go beyond "useful": what a default
// selection should carry when the budget allows it. They are reported as gaps, not failures,
// because the fit phase may rightly have traded them for size (it says so in the tool's notes).

import (
	"fmt"
	"slices"

	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/vektah/gqlparser/v2/ast"
)

// Gap kinds, one per failure mode the default selection rule guards against.
const (
	ValueObject = "value object dropped"            // an entity without its money, address, …
	OneHop      = "single result without one hop"   // an entity alone, none of its to-one relations
	ErrorLeaf   = "error member without its leaves" // an error fragment without message, code, …
	Credential  = "credential selected"             // a secret-looking string leaf
)

// maxMembers is opbuild's bound on member fragments: beyond it a common interface stands in.
const maxMembers = 8

// Gap is one property a document misses, with where.
type Gap struct{ Kind, Where string }

func (g Gap) String() string { return g.Kind + ": " + g.Where }

// Gaps lists the properties op misses: value objects of its entities (the root entity, a root
// page's or connection's items), one hop for a single result, every leaf of an error member, and
// no credential anywhere.
func Gaps(schema *ast.Schema, op *ast.OperationDefinition) []Gap {
	root := rootField(op)
	if root == nil || root.Definition == nil {
		return nil
	}
	c := checker{schema}
	var out []Gap
	t := c.named(root.Definition)
	if t != nil && t.Kind == ast.Object && !isLeaf(t) {
		out = append(out, c.entityGaps(root, t, op.Operation)...)
	}
	if t != nil && !isLeaf(t) {
		out = append(out, c.rowGaps(root)...)
	}
	out = append(out, c.errorMemberGaps(root.SelectionSet, root.Name)...)
	out = append(out, c.credentialGaps(root.SelectionSet, root.Name)...)
	return out
}

// entityGaps judges the root's primary entity: the object itself, or a page's items.
func (c checker) entityGaps(root *ast.Field, t *ast.Definition, kind ast.Operation) []Gap {
	set := root.SelectionSet
	if list := c.connectionList(t); list != nil {
		nodes := selected(set, list.Name)
		if list.Name == "edges" {
			nodes = selected(subSets(nodes), "node")
		}
		return c.valueObjectGaps(nodesType(c, nodes), subSets(nodes), root.Name+"."+list.Name)
	}
	if p := c.pageList(t); p != nil {
		items := selected(set, p.Name)
		return c.valueObjectGaps(nodesType(c, items), subSets(items), root.Name+"."+p.Name)
	}
	if t.Fields.ForName("id") == nil || kind == ast.Mutation {
		return nil
	}
	out := c.valueObjectGaps(t, set, root.Name)
	if root.Definition.Type.Elem == nil && c.hasToOne(t) && !c.selectsToOne(t, set) {
		out = append(out, Gap{OneHop, root.Name})
	}
	return out
}

func nodesType(c checker, fs []*ast.Field) *ast.Definition {
	if len(fs) == 0 || fs[0].Definition == nil {
		return nil
	}
	return c.named(fs[0].Definition)
}

// valueObjectGaps names the value-object fields of t that set does not select.
func (c checker) valueObjectGaps(t *ast.Definition, set ast.SelectionSet, where string) []Gap {
	if t == nil || t.Kind != ast.Object || len(set) == 0 {
		return nil
	}
	var out []Gap
	for _, f := range t.Fields {
		if selectable(f) && c.valueObject(c.named(f), nil) && len(selected(set, f.Name)) == 0 {
			out = append(out, Gap{ValueObject, fmt.Sprintf("%s.%s (%s)", where, f.Name, f.Type.Name())})
		}
	}
	return out
}

// hasToOne: t has a selectable single (non-list) field whose type is an entity with an id.
func (c checker) hasToOne(t *ast.Definition) bool {
	for _, f := range t.Fields {
		if selectable(f) && f.Type.Elem == nil && hasID(c.named(f)) {
			return true
		}
	}
	return false
}

func (c checker) selectsToOne(t *ast.Definition, set ast.SelectionSet) bool {
	for _, f := range fieldsOf(set) {
		if f.Definition != nil && hasID(c.named(f.Definition)) && c.hasLeaf(f.SelectionSet) {
			return true
		}
	}
	return false
}

// errorMemberGaps: an inline fragment on an error type (its name ends in Error, or it has a
// message) must select every leaf of that type that takes no required argument, in the fragment
// or beside it; an error-like field of an interface or union type (at most maxMembers members)
// must select __typename and every leaf of every member, so each error says which it is.
func (c checker) errorMemberGaps(set ast.SelectionSet, where string) []Gap {
	var out []Gap
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			if s.Definition != nil && c.errorLike(s.Definition) {
				out = append(out, c.errorAbstractGaps(c.named(s.Definition), s.SelectionSet, where+"."+s.Alias)...)
			}
			out = append(out, c.errorMemberGaps(s.SelectionSet, where+"."+s.Alias)...)
		case *ast.InlineFragment:
			m := c.schema.Types[s.TypeCondition]
			if m != nil && m.Kind == ast.Object && m.Fields.ForName("message") != nil && errorType.MatchString(m.Name) {
				out = append(out, c.memberLeafGaps(m, set, where)...)
			}
			out = append(out, c.errorMemberGaps(s.SelectionSet, where+"["+s.TypeCondition+"]")...)
		}
	}
	return dedupe(out)
}

// errorAbstractGaps: an error-like field of abstract type t selects __typename and every leaf of
// each of t's members (beyond maxMembers, a common interface may stand in for them).
func (c checker) errorAbstractGaps(t *ast.Definition, set ast.SelectionSet, where string) []Gap {
	if t == nil || (t.Kind != ast.Interface && t.Kind != ast.Union) {
		return nil
	}
	members := c.schema.GetPossibleTypes(t)
	if len(members) > maxMembers {
		return nil
	}
	var out []Gap
	if !direct(set, "__typename") {
		out = append(out, Gap{ErrorLeaf, where + ".__typename"})
	}
	for _, m := range members {
		out = append(out, c.memberLeafGaps(m, set, where)...)
	}
	return out
}

// memberLeafGaps names the leaves of error member m that set selects neither for every object
// (directly) nor in a fragment that applies to m.
func (c checker) memberLeafGaps(m *ast.Definition, set ast.SelectionSet, where string) []Gap {
	var out []Gap
	for _, f := range m.Fields {
		if selectable(f) && isLeaf(c.named(f)) && !c.credential(m, f) && !c.selectedFor(set, m, f.Name) {
			out = append(out, Gap{ErrorLeaf, fmt.Sprintf("%s[%s].%s", where, m.Name, f.Name)})
		}
	}
	return out
}

// selectedFor: set selects name on an object of type m, directly or in a fragment on m or on an
// interface m implements.
func (c checker) selectedFor(set ast.SelectionSet, m *ast.Definition, name string) bool {
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			if s.Name == name {
				return true
			}
		default:
			on, sub := fragment(s)
			if (on == "" || on == m.Name || slices.Contains(m.Interfaces, on)) && c.selectedFor(sub, m, name) {
				return true
			}
		}
	}
	return false
}

// direct: set selects name itself, outside any fragment.
func direct(set ast.SelectionSet, name string) bool {
	for _, s := range set {
		if f, ok := s.(*ast.Field); ok && f.Name == name {
			return true
		}
	}
	return false
}

func dedupe(gs []Gap) []Gap {
	seen := map[Gap]bool{}
	out := gs[:0]
	for _, g := range gs {
		if !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// credentialGaps: no selected leaf that reads as a secret.
func (c checker) credentialGaps(set ast.SelectionSet, where string) []Gap {
	var out []Gap
	for _, f := range fieldsOf(set) {
		if f.Definition == nil {
			continue
		}
		if c.credential(f.ObjectDefinition, f.Definition) {
			out = append(out, Gap{Credential, where + "." + f.Name})
		}
		out = append(out, c.credentialGaps(f.SelectionSet, where+"."+f.Alias)...)
	}
	return out
}

// selectable: no required argument without a default, not deprecated, not introspection.
func selectable(f *ast.FieldDefinition) bool {
	for _, a := range f.Arguments {
		if a.Type.NonNull && !opdoc.HasDefault(a.DefaultValue) {
			return false
		}
	}
	return !deprecated(f) && (len(f.Name) < 2 || f.Name[:2] != "__")
}

func hasID(t *ast.Definition) bool {
	return t != nil && (t.Kind == ast.Object || t.Kind == ast.Interface) && t.Fields.ForName("id") != nil
}
