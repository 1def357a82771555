package gqlschema

// undefined.go gives gqlparser's "undefined type X" a fix that fits a schema-first repository:
// the name it most likely meant (internal/suggest), or to declare X. The generic fix (copy the
// schema again from the API) is for a schema copied from a server, where a type cannot be
// missing; a hand-written one more likely has a typo.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
			if src := oneFile(doc); src != "" {
				if other := declaredBeside(src, name); other != "" {
					ds[i].Fix = fmt.Sprintf("%s is declared in %s, which was not given: a schema split over several files needs them all; pass -schema %s (the folder) or a glob of its files", name, other, filepath.Dir(src))
				}
			}
		}
	}
	return ds
}

// oneFile is the file every definition of doc comes from, "" when they come from several: a
// type one file lacks may be in a file of the schema that was not given.
func oneFile(doc *ast.SchemaDocument) string {
	name := ""
	for _, d := range doc.Definitions {
		if d.Position == nil || d.Position.Src == nil {
			continue
		}
		if name != "" && d.Position.Src.Name != name {
			return ""
		}
		name = d.Position.Src.Name
	}
	return name
}

// declaredBeside is a schema file in src's folder, other than src, that declares type name
// ("type Review", "enum Review", "extend type Review" …); "" when none does. Only then is a
// split schema the likely cause: for a plain typo the hint was noise.
func declaredBeside(src, name string) string {
	dir := filepath.Dir(src)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	decl := regexp.MustCompile(`(?m)^\s*(?:extend\s+)?(?:type|interface|union|enum|input|scalar)\s+` + regexp.QuoteMeta(name) + `\b`)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() || filepath.Clean(p) == filepath.Clean(src) || !slices.Contains([]string{".graphql", ".graphqls", ".gql"}, filepath.Ext(e.Name())) {
			continue
		}
		if b, err := os.ReadFile(p); err == nil && decl.Match(b) {
			return p
		}
	}
	return ""
}

func fixFor(name string, known []string) string {
	if near := suggest.Closest(name, known); near != "" {
		return fmt.Sprintf("did you mean %s? Correct the name, or declare type %s in the schema", near, name)
	}
	return fmt.Sprintf("declare type %s in the schema, or correct the name (in a schema copied from the API, copy it again, e.g. with toolgen introspect)", name)
}
