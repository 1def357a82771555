package compile

import (
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/vektah/gqlparser/v2/ast"
)

// typeCollector gathers the input objects and enums the tools' variables reach, once each, in
// first-reached order (tool order, then field order): a stable order a reviewer can follow.
type typeCollector struct {
	schema *ast.Schema
	seen   map[string]bool
	types  []catalog.Type
}

func newTypeCollector(schema *ast.Schema) *typeCollector {
	return &typeCollector{schema: schema, seen: map[string]bool{}}
}

func (tc *typeCollector) addVariables(vars []catalog.Variable) {
	for _, v := range vars {
		tc.add(v.Type)
	}
}

// addAnswer adds the enums an answer holds (an answer holds no input objects).
func (tc *typeCollector) addAnswer(fields []catalog.Selected) {
	for _, f := range fields {
		tc.add(f.Type)
		tc.addAnswer(f.Fields)
		for _, m := range f.Members {
			tc.addAnswer(m.Fields)
		}
	}
}

func (tc *typeCollector) add(t catalog.TypeRef) {
	for t.Elem != nil {
		t = *t.Elem
	}
	def := tc.schema.Types[t.Named]
	if def == nil || tc.seen[def.Name] || (def.Kind != ast.InputObject && def.Kind != ast.Enum) {
		return
	}
	tc.seen[def.Name] = true
	out := catalog.Type{Name: def.Name, Description: strings.TrimSpace(def.Description)}
	if def.Kind == ast.Enum {
		out.Kind = catalog.Enum
		for _, v := range def.EnumValues {
			out.Values = append(out.Values, v.Name)
		}
		tc.types = append(tc.types, out)
		return
	}
	out.Kind = catalog.InputObject
	out.OneOf = def.Directives.ForName("oneOf") != nil
	i := len(tc.types)
	tc.types = append(tc.types, out)
	var fields []catalog.Field
	for _, f := range def.Fields {
		cf := catalog.Field{Name: f.Name, Type: typeRef(f.Type), Description: strings.TrimSpace(f.Description)}
		if opdoc.HasDefault(f.DefaultValue) {
			cf.Default = jsonschema.Compact(jsonschema.Value(f.DefaultValue))
		}
		fields = append(fields, cf)
		tc.add(cf.Type)
	}
	tc.types[i].Fields = fields
}
