package compile

// hidden.go notes, for a default selection, the fields of the objects it selects that
// @inaccessible left out of the schema: a reviewer diffing catalogs then reads that a field
// left a tool because the gateway now hides it (toolgen diff quotes the note), not that it was
// dropped for size or for a permission. The names are the reviewer's: the model never reads
// notes.

import (
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/platform"
	"github.com/vektah/gqlparser/v2/ast"
)

// HiddenNote starts the note; catdiff matches on it.
const HiddenNote = "left out, @inaccessible in the schema (the gateway hides them from clients): "

// hiddenNote lists the hidden fields of the object types doc's selection sets select from, ""
// when there are none.
func hiddenNote(schema *ast.Schema, doc *ast.QueryDocument) string {
	hidden := platform.HiddenFields(schema)
	if len(hidden) == 0 || doc == nil || len(doc.Operations) == 0 {
		return ""
	}
	types := map[string]bool{}
	selectedTypes(doc.Operations[0].SelectionSet, types)
	for _, root := range []*ast.Definition{schema.Query, schema.Mutation, schema.Subscription} {
		if root != nil {
			delete(types, root.Name) // hidden root fields are the allow-list's errors, not notes
		}
	}
	var out []string
	for name := range hidden {
		if t, _, _ := strings.Cut(name, "."); types[t] {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		return ""
	}
	slices.Sort(out)
	return HiddenNote + strings.Join(out, ", ")
}

// selectedTypes records the types whose fields set selects, at any depth.
func selectedTypes(set ast.SelectionSet, types map[string]bool) {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if s.ObjectDefinition != nil { // the type the field is selected from
				types[s.ObjectDefinition.Name] = true
			}
			selectedTypes(s.SelectionSet, types)
		case *ast.InlineFragment:
			selectedTypes(s.SelectionSet, types)
		case *ast.FragmentSpread:
			if s.Definition != nil {
				selectedTypes(s.Definition.SelectionSet, types)
			}
		}
	}
}
