package opbuild

// aggregate.go handles an aggregate root field: Hasura's (and Nhost's) users_aggregate(limit,
// where) { aggregate { count sum { … } } nodes { … } }. Its limit bounds the rows the aggregate
// is computed over, not only the rows listed, so it cannot be defaulted to the page size as a
// list's can: "how many users" would answer at most 10. Left unset, nodes lists every matching
// row, however many. So the default selection keeps the aggregate and leaves nodes to the list
// tool (users), which pages.

import (
	"fmt"

	"github.com/vektah/gqlparser/v2/ast"
)

// aggregateRows returns the nodes field of t when root field f is an aggregate as above: t has
// an object field aggregate and a list field nodes, and f a page-size argument without a
// default (one with a default bounds both, as the schema chose).
func aggregateRows(f *ast.FieldDefinition, t *ast.Definition) *ast.FieldDefinition {
	if t == nil || t.Kind != ast.Object || isList(f.Type) {
		return nil
	}
	agg, nodes := t.Fields.ForName("aggregate"), t.Fields.ForName("nodes")
	if agg == nil || nodes == nil || isList(agg.Type) || !isList(nodes.Type) {
		return nil
	}
	if a := intPageSizeArg(f); a == nil || a.DefaultValue != nil && a.DefaultValue.Kind != ast.NullValue {
		return nil
	}
	return nodes
}

// withoutField removes the direct selection of the named field, entity groups opened.
func withoutField(kids []*node, name string) []*node {
	var out []*node
	for _, k := range kids {
		switch {
		case k.ent != nil:
			k.kids = withoutField(k.kids, name)
			out = append(out, k)
		case k.name != name:
			out = append(out, k)
		}
	}
	return out
}

func aggregateNote(f *ast.FieldDefinition, rows *ast.FieldDefinition) string {
	return fmt.Sprintf("%s left out: %s bounds the rows the aggregate counts too, so it has no default, and unset it lists every row; the list tool returns rows a page at a time",
		rows.Name, intPageSizeArg(f).Name)
}
