// Package usefultest is the definition of a "useful" tool document from docs/selection.md, written as a
// check that tests run over every generated catalog (test-only: no command imports it). It decides from the finished, validated
// document alone, by the shape of the root field's type, whether an agent can tell what happened
// and identify, page through and refer to the results. It is structural, not semantic: a
// document can pass and still deserve a hand-written override.
package usefultest

import (
	"fmt"
	"regexp"

	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

var (
	errorName = regexp.MustCompile(`(?i)(errors?|warnings?)$`)
	errorType = regexp.MustCompile(`(Error|Warning)s?$`)
)

// Check returns nil when op (validated against schema, so every field has its Definition) is
// useful, else what it lacks.
func Check(schema *ast.Schema, op *ast.OperationDefinition) error {
	root := rootField(op)
	if root == nil || root.Definition == nil {
		return fmt.Errorf("no root field")
	}
	c := checker{schema}
	t := c.named(root.Definition)
	switch {
	case isLeaf(t):
		return nil
	case c.connectionList(t) != nil:
		return c.connection(t, root.SelectionSet)
	case op.Operation == ast.Mutation && t.Kind == ast.Object:
		return c.payload(t, root.SelectionSet)
	case t.Kind == ast.Union:
		return c.union(t, root.SelectionSet)
	case t.Kind == ast.Interface:
		return c.iface(root.SelectionSet)
	}
	return c.object(t, root.SelectionSet)
}

type checker struct{ schema *ast.Schema }

func rootField(op *ast.OperationDefinition) *ast.Field {
	for _, s := range op.SelectionSet {
		if f, ok := s.(*ast.Field); ok {
			return f
		}
	}
	return nil
}

func (c checker) named(f *ast.FieldDefinition) *ast.Definition { return c.schema.Types[f.Type.Name()] }

func isLeaf(t *ast.Definition) bool { return t != nil && (t.Kind == ast.Scalar || t.Kind == ast.Enum) }

func deprecated(f *ast.FieldDefinition) bool { return f.Directives.ForName("deprecated") != nil }

// connection: at least one leaf under the node type, and pageInfo { hasNextPage endCursor }.
func (c checker) connection(t *ast.Definition, set ast.SelectionSet) error {
	if err := c.pageInfo(t, set); err != nil {
		return err
	}
	list := c.connectionList(t)
	nodes := selected(set, list.Name)
	if list.Name == "edges" {
		nodes = selected(subSets(nodes), "node")
	}
	if len(nodes) == 0 {
		return fmt.Errorf("connection without %s", list.Name)
	}
	nt := c.named(nodes[0].Definition)
	switch {
	case isLeaf(nt):
		return nil
	case nt.Kind == ast.Union:
		return c.union(nt, subSets(nodes))
	case nt.Kind == ast.Interface:
		return c.iface(subSets(nodes))
	case !c.leafUnder(subSets(nodes)):
		// at any depth, as for a plain object: a node of object fields only (Shopify's
		// CollectionConditionsSourcesByApp { app sources }) answers through them
		return fmt.Errorf("connection nodes without a leaf")
	}
	return nil
}

func (c checker) pageInfo(t *ast.Definition, set ast.SelectionSet) error {
	pi := subSets(selected(set, "pageInfo"))
	want := []string{"hasNextPage"}
	if c.named(t.Fields.ForName("pageInfo")).Fields.ForName("endCursor") != nil {
		want = append(want, "endCursor")
	} else if e := t.Fields.ForName("edges"); e != nil && c.named(e).Fields.ForName("cursor") != nil {
		// no endCursor: the edges' cursors are where the next page starts
		if len(selected(subSets(selected(set, "edges")), "cursor")) == 0 {
			return fmt.Errorf("connection without edges { cursor } (its pageInfo has no endCursor)")
		}
	}
	for _, name := range want {
		if len(selected(pi, name)) == 0 {
			return fmt.Errorf("connection without pageInfo { %s }", name)
		}
	}
	return nil
}

// connectionList is nodes or edges (with a node) when t is a connection, else nil.
func (c checker) connectionList(t *ast.Definition) *ast.FieldDefinition {
	if t == nil || t.Kind != ast.Object {
		return nil
	}
	pi := t.Fields.ForName("pageInfo")
	if pi == nil || c.named(pi).Fields.ForName("hasNextPage") == nil {
		return nil
	}
	e := t.Fields.ForName("edges")
	if e != nil && (e.Type.Elem == nil || c.named(e).Fields.ForName("node") == nil) {
		e = nil
	}
	// without pageInfo.endCursor the edges carry the cursors, so the edges are what pages
	cursors := e != nil && c.named(e).Fields.ForName("cursor") != nil && c.named(pi).Fields.ForName("endCursor") == nil
	if n := t.Fields.ForName("nodes"); n != nil && n.Type.Elem != nil && !cursors {
		return n
	}
	return e
}

// payload: every error-like field with its message, and a result unless there is none to select.
func (c checker) payload(t *ast.Definition, set ast.SelectionSet) error {
	hasOther := false
	for _, f := range t.Fields {
		switch {
		case c.errorLike(f) && !deprecated(f):
			if len(selected(subSets(selected(set, f.Name)), "message")) == 0 {
				return fmt.Errorf("payload without %s { message }", f.Name)
			}
		case f.Name != "clientMutationId" && !c.errorLike(f) && !c.credential(t, f):
			hasOther = true // a credential is never selected by default, so it is no result to ask for
		}
	}
	if !hasOther || c.hasResult(set) {
		return nil
	}
	return fmt.Errorf("payload without a result (a leaf other than clientMutationId, or an object with a leaf)")
}

func (c checker) hasResult(set ast.SelectionSet) bool {
	for _, f := range fieldsOf(set) {
		switch {
		case f.Name == "__typename" || f.Name == "clientMutationId" || c.errorLike(f.Definition):
		case isLeaf(c.named(f.Definition)) || c.leafUnder(f.SelectionSet):
			return true
		}
	}
	return false
}

// errorLike: a field whose name or type says it reports errors, of an object or interface with
// a message or of a union whose members all have one (as opbuild decides).
func (c checker) errorLike(f *ast.FieldDefinition) bool {
	t := c.named(f)
	if t == nil || !c.hasMessage(t) {
		return false
	}
	return errorName.MatchString(f.Name) || errorType.MatchString(t.Name)
}

func (c checker) hasMessage(t *ast.Definition) bool {
	switch t.Kind {
	case ast.Object, ast.Interface:
		return t.Fields.ForName("message") != nil
	case ast.Union:
		members := c.schema.GetPossibleTypes(t)
		for _, m := range members {
			if m.Fields.ForName("message") == nil {
				return false
			}
		}
		return len(members) > 0
	}
	return false
}

// credential: a leaf of parent that sensitive.Credential classifies as a secret, as the default
// selection does.
func (c checker) credential(parent *ast.Definition, f *ast.FieldDefinition) bool {
	return parent != nil && sensitive.Credential(sensitive.Returned(c.schema, parent, f))
}
