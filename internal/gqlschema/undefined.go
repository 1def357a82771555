package gqlschema

// undefined.go gives gqlparser's "undefined type X" a fix that fits a schema-first repository:
// the name it most likely meant (internal/suggest), or to declare X. The generic fix (copy the
// schema again from the API) is for a schema copied from a server, where a type cannot be
// missing; a hand-written one more likely has a typo.

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/suggest"
	"github.com/vektah/gqlparser/v2/ast"
)

// undefinedFix rewrites the fix of each "undefined type X" diagnostic with the definitions of
// doc and the prelude's. Undefined directives get theirs from the platforms (platform.Explain).
func undefinedFix(ds diag.List, doc *ast.SchemaDocument, prelude *ast.SchemaDocument) diag.List {
	var types []string
	for _, d := range append(append(ast.DefinitionList{}, prelude.Definitions...), doc.Definitions...) {
		types = append(types, d.Name)
	}
	for i, d := range ds {
		if name, ok := strings.CutPrefix(d.Message, "undefined type "); ok && !strings.Contains(name, " ") {
			ds[i].Fix = fixFor(name, types)
			if oneFile(doc) {
				ds[i].Fix += "; a schema split over several files needs them all: -schema FOLDER or 'graph/*.graphqls'"
			}
		}
	}
	return ds
}

// oneFile reports whether every definition of doc comes from one file: a type it lacks may be
// in a file of the schema that was not given.
func oneFile(doc *ast.SchemaDocument) bool {
	name := ""
	for _, d := range doc.Definitions {
		if d.Position == nil || d.Position.Src == nil {
			continue
		}
		if name != "" && d.Position.Src.Name != name {
			return false
		}
		name = d.Position.Src.Name
	}
	return true
}

func fixFor(name string, known []string) string {
	if near := suggest.Closest(name, known); near != "" {
		return fmt.Sprintf("did you mean %s? Correct the name, or declare type %s in the schema", near, name)
	}
	return fmt.Sprintf("declare type %s in the schema, or correct the name (in a schema copied from the API, copy it again, e.g. with toolgen introspect)", name)
}
