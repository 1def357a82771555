package gqlschema

// extensions.go checks that each extend type extends a type. gqlparser (and so gqlgen) accepts
// an extension whose type is defined nowhere and makes the type of it, so a misspelled
// extend type Qeury passed silently and its fields vanished from the tools; graphql-js refuses
// it. A federation subgraph extends types other subgraphs own (extend type Product
// @key(fields: "id")), so there only a likely typo is said, as a warning.

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/platform"
	"github.com/toolgen/toolgen/internal/suggest"
	"github.com/vektah/gqlparser/v2/ast"
)

// baselessExtensions reports the extensions of doc whose type no definition (of the schema,
// the prelude or a platform toolgen declared) defines: an error when the name is a likely
// typo of a defined type, a warning otherwise; in a federation subgraph only the typo, as a
// warning.
func baselessExtensions(p *platform.Platform, doc *ast.SchemaDocument) diag.List {
	if len(doc.Extensions) == 0 {
		return nil
	}
	_, preludeTypes := platform.PreludeNames()
	defined := map[string]bool{}
	var names []string
	for _, d := range doc.Definitions {
		if !defined[d.Name] {
			defined[d.Name] = true
			names = append(names, d.Name)
		}
	}
	federated := p.Federated(doc)
	var ds diag.List
	reported := map[string]bool{}
	for _, ext := range doc.Extensions {
		if defined[ext.Name] || preludeTypes[ext.Name] || reported[ext.Name] || ext.Position == nil {
			continue
		}
		reported[ext.Name] = true // the type's first extension stands for the others
		kw := "extend " + keyword(ext.Kind) + " " + ext.Name
		at := ext.Position
		switch typo := suggest.Closest(ext.Name, names); {
		case typo != "" && federated:
			ds.Warn(file(at), at.Line, at.Column, fmt.Sprintf("%s: no type %s is defined here; did you mean %s?", kw, ext.Name, typo),
				fmt.Sprintf("write extend %s %s if that is meant; an entity another subgraph owns keeps its name", keyword(ext.Kind), typo))
		case typo != "":
			ds.Add(file(at), at.Line, at.Column, fmt.Sprintf("%s: no type %s is defined, so its fields would make a new type; did you mean %s?", kw, ext.Name, typo),
				fmt.Sprintf("write extend %s %s, or define %s %s { ... } if a new type is meant", keyword(ext.Kind), typo, keyword(ext.Kind), ext.Name))
		case !federated:
			ds.Warn(file(at), at.Line, at.Column, fmt.Sprintf("%s: no type %s is defined, so the extension defines it (gqlgen accepts that, graphql-js servers refuse it)", kw, ext.Name),
				fmt.Sprintf("write %s %s { ... } in one of the files and extend that, or check the name", keyword(ext.Kind), ext.Name))
		}
	}
	return ds
}

// keyword is how the schema language writes a definition of kind k.
func keyword(k ast.DefinitionKind) string {
	switch k {
	case ast.Object:
		return "type"
	case ast.InputObject:
		return "input"
	}
	return strings.ToLower(string(k))
}
