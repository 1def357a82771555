// Package gqlschema reads and validates the schema, one file or several, with gqlparser and turns
// every problem into a positioned diagnostic. Each source's name is its repository-relative
// path, so positions read schema.graphql:12:3 or graph/movies.graphqls:4:3.
package gqlschema

import (
	"errors"
	"fmt"
	"slices"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/platform"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// fixHint is appended to every schema diagnostic: the schema is the API's own file.
const fixHint = "fix the schema (or copy it again from the API, e.g. with toolgen introspect) and run toolgen again"

// Load parses and validates the schema, which may be split over several files (gqlgen's
// graph/*.graphqls, one module per file with extend type Query): their definitions are read in
// the order given, and every position names its own file. It returns nil and diagnostics when
// the schema cannot be used; the diagnostics name every duplicate definition, not only the
// first one, and a syntax error in each file, not only in the first.
func Load(sources ...*ast.Source) (*ast.Schema, diag.List) {
	if len(sources) == 0 {
		var ds diag.List
		ds.Add("schema", 0, 0, "no schema file was given", "pass the schema with -schema FILE, a folder or a glob")
		return nil, ds
	}
	name := sources[0].Name // what a problem of no file in particular is reported against
	doc, ds := parseAll(sources)
	if ds != nil {
		return nil, ds
	}
	dropBuiltinScalars(doc)
	// gqlparser stops at the first duplicate; a reviewer fixing a large schema wants all of them.
	if ds := duplicates(doc); len(ds) > 0 {
		if sub := platform.SeparateSubgraphs(doc); sub != nil {
			return nil, sub // one error for what is no duplicate to remove
		}
		return nil, ds
	}
	if ds := TooLarge(name, doc); len(ds) > 0 {
		return nil, ds // before gqlparser compares every pair of their members
	}
	plat := platform.Declare(name, doc) // before validation: what Federation or AppSync define
	if plat.TooNew() != nil {
		return nil, plat.TooNew()
	}
	exts := baselessExtensions(plat, doc)
	if exts.HasErrors() {
		return nil, exts
	}
	// Validate the document already parsed (gqlparser.LoadSchema would parse it again): the
	// built-in definitions first, as LoadSchema does.
	prelude, err := parser.ParseSchema(validator.Prelude)
	if err != nil {
		return nil, fromError(name, "", err)
	}
	all := &ast.SchemaDocument{}
	all.Merge(prelude)
	all.Merge(doc)
	schema, err := validator.ValidateSchemaDocument(all)
	if err != nil {
		return nil, plat.Explain(undefinedFix(fromError(name, "", err), doc, prelude))
	}
	if schema.Query == nil {
		var ds diag.List
		msg := "the schema has no Query type"
		if len(sources) > 1 {
			msg = fmt.Sprintf("none of the schema's %d files declares type Query", len(sources))
		}
		ds.Add(name, 0, 0, msg, plat.NoQueryFix())
		return nil, ds
	}
	return schema, slices.Concat(plat.Finish(schema), exts, commentDescriptions(schema, doc))
}

// builtinScalars are GraphQL's own scalars, which gqlparser's prelude declares.
var builtinScalars = map[string]bool{"String": true, "Int": true, "Float": true, "Boolean": true, "ID": true}

// dropBuiltinScalars removes declarations of the built-in scalars (scalar Boolean): graphql-js
// accepts them and some exporters print them, but gqlparser refuses to redeclare its prelude.
// They say nothing a GraphQL server could mean otherwise, and the document's other positions
// stay those of the file, since the text is not touched.
func dropBuiltinScalars(doc *ast.SchemaDocument) {
	doc.Definitions = slices.DeleteFunc(doc.Definitions, func(d *ast.Definition) bool {
		return d.Kind == ast.Scalar && builtinScalars[d.Name]
	})
}

// fromError converts a gqlparser error (one or a list) into diagnostics.
func fromError(name, src string, err error) diag.List {
	var ds diag.List
	var list gqlerror.List
	var one *gqlerror.Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			ds = append(ds, fromGQL(name, src, e))
		}
	case errors.As(err, &one):
		ds = append(ds, fromGQL(name, src, one))
	default:
		ds.Add(name, 0, 0, err.Error(), fixHint)
	}
	return ds
}

// fromGQL names the file gqlparser's position names (ErrorPosf and the lexer record it), so an
// error in the second of several files points into that file; name (whose text is src) is the
// fallback.
func fromGQL(name, src string, e *gqlerror.Error) diag.Diagnostic {
	if f, ok := e.Extensions["file"].(string); ok && f != "" && f != name {
		name, src = f, ""
	}
	return diag.FromGraphQL(name, src, e, fixHint)
}

// duplicates reports fields, arguments, enum values and types defined twice, with both positions.
// Each is reported in the file of its second definition; the first's position names its own
// file when that is another one.
func duplicates(doc *ast.SchemaDocument) diag.List {
	var ds diag.List
	types := map[string]*ast.Definition{}
	for _, def := range doc.Definitions {
		if first, ok := types[def.Name]; ok {
			ds.Add(file(def.Position), def.Position.Line, def.Position.Column,
				fmt.Sprintf("type %s is defined twice (first at %s)", def.Name, at(first.Position, def.Position)),
				"remove one of the definitions or use extend type")
		} else {
			types[def.Name] = def
		}
	}
	all := append(append(ast.DefinitionList{}, doc.Definitions...), doc.Extensions...)
	fields := map[[2]string]*ast.Position{} // type and field: no key string built per field
	values := map[[2]string]*ast.Position{} // enum and value, across the type and its extensions
	for _, def := range all {
		for _, f := range def.Fields {
			if first, ok := fields[[2]string{def.Name, f.Name}]; ok {
				key := def.Name + "." + f.Name
				ds.Add(file(f.Position), f.Position.Line, f.Position.Column,
					fmt.Sprintf("field %s is defined twice (first at %s)", key, at(first, f.Position)),
					"remove one of the two definitions")
				continue
			}
			fields[[2]string{def.Name, f.Name}] = f.Position
			if len(f.Arguments) > 1 {
				ds = append(ds, duplicateArgs(def.Name+"."+f.Name, f.Arguments)...)
			}
		}
		for _, v := range def.EnumValues {
			if first, ok := values[[2]string{def.Name, v.Name}]; ok {
				ds.Add(file(v.Position), v.Position.Line, v.Position.Column,
					fmt.Sprintf("enum value %s.%s is defined twice (first at %s)", def.Name, v.Name, at(first, v.Position)),
					"remove one of the two values")
				continue
			}
			values[[2]string{def.Name, v.Name}] = v.Position
		}
	}
	return ds
}

func duplicateArgs(field string, args ast.ArgumentDefinitionList) diag.List {
	var ds diag.List
	seen := map[string]*ast.Position{}
	for _, a := range args {
		if first, ok := seen[a.Name]; ok {
			ds.Add(file(a.Position), a.Position.Line, a.Position.Column,
				fmt.Sprintf("argument %s(%s:) is defined twice (first at %s)", field, a.Name, at(first, a.Position)),
				"remove one of the two arguments")
			continue
		}
		seen[a.Name] = a.Position
	}
	return ds
}

// at is where the first of two definitions is, seen from the second: line:col in the same
// file, file:line:col in another.
func at(p, from *ast.Position) string {
	if p == nil {
		return "an unknown position"
	}
	if f := file(p); f != file(from) {
		return fmt.Sprintf("%s:%d:%d", f, p.Line, p.Column)
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// file is the name of the file a position lies in; "" when it has none.
func file(p *ast.Position) string {
	if p == nil || p.Src == nil {
		return ""
	}
	return p.Src.Name
}
