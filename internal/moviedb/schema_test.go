package moviedb

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// introspectedType is the part of __Type the comparison looks at.
type introspectedType struct {
	Name, Kind, Description string
	Fields                  []struct {
		Name, Description string
		Args              []struct{ Name string }
	}
	InputFields   []struct{ Name string }
	EnumValues    []struct{ Name string }
	PossibleTypes []struct{ Name string }
	Interfaces    []struct{ Name string }
}

// TestServesSchemaGraphQL compares what the server introspects with an independent parse of
// schema.graphql: every type with its kind, description, fields (with their descriptions and
// arguments), input fields, values and members. Descriptions catch graphql-go's default of
// reading # comments as descriptions, which UseStringDescriptions turns off.
func TestServesSchemaGraphQL(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	var data struct {
		Schema struct {
			Types      []introspectedType
			Directives []struct{ Name string }
		} `json:"__schema"`
	}
	resp := gql(t, url, "", `{ __schema { types { name kind description fields(includeDeprecated: true) { name description args { name } }
	  inputFields { name } enumValues(includeDeprecated: true) { name } possibleTypes { name } interfaces { name } }
	  directives { name } } }`, nil, &data)
	if len(resp.Errors) > 0 {
		t.Fatalf("introspection: %+v", resp.Errors)
	}
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: toolgen.Schema})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for name, def := range schema.Types {
		if !strings.HasPrefix(name, "__") {
			want[name] = describeDefinition(schema, def)
		}
	}
	served := map[string]string{}
	for _, typ := range data.Schema.Types {
		if def := schema.Types[typ.Name]; def != nil && def.BuiltIn {
			typ.Description = "" // String, Int, …: each library words these its own way
		}
		if !strings.HasPrefix(typ.Name, "__") {
			served[typ.Name] = describeIntrospected(typ)
		}
	}
	if diff := cmp.Diff(want, served); diff != "" {
		t.Errorf("served schema differs from schema.graphql (-file +served):\n%s", diff)
	}
	var directives []string
	for _, d := range data.Schema.Directives {
		directives = append(directives, d.Name)
	}
	for _, d := range []string{"Range", "Size", "Pattern", "oneOf", "deprecated"} {
		if !strings.Contains(" "+strings.Join(directives, " ")+" ", " "+d+" ") {
			t.Errorf("directive @%s not served; served %v", d, directives)
		}
	}
}

func describeIntrospected(t introspectedType) string {
	var parts []string
	for _, f := range t.Fields {
		var args []string
		for _, a := range f.Args {
			args = append(args, a.Name)
		}
		parts = append(parts, f.Name+"("+strings.Join(args, ",")+")", f.Name+": "+f.Description)
	}
	parts = append(parts, ": "+t.Description)
	for _, list := range [][]struct{ Name string }{t.InputFields, t.EnumValues, t.PossibleTypes, t.Interfaces} {
		for _, x := range list {
			parts = append(parts, x.Name)
		}
	}
	return describe(t.Kind, parts)
}

func describeDefinition(s *ast.Schema, d *ast.Definition) string {
	var parts []string
	for _, f := range d.Fields {
		if strings.HasPrefix(f.Name, "__") {
			continue
		}
		var args []string
		for _, a := range f.Arguments {
			args = append(args, a.Name)
		}
		if d.Kind == ast.InputObject {
			parts = append(parts, f.Name)
		} else {
			parts = append(parts, f.Name+"("+strings.Join(args, ",")+")", f.Name+": "+f.Description)
		}
	}
	if !d.BuiltIn {
		parts = append(parts, ": "+d.Description)
	} else {
		parts = append(parts, ": ")
	}
	for _, v := range d.EnumValues {
		parts = append(parts, v.Name)
	}
	if d.Kind == ast.Union || d.Kind == ast.Interface {
		for _, p := range s.GetPossibleTypes(d) {
			parts = append(parts, p.Name)
		}
	}
	parts = append(parts, d.Interfaces...)
	return describe(string(d.Kind), parts)
}

// describe is order-insensitive: introspection and the parser list members in different orders.
func describe(kind string, parts []string) string {
	sort.Strings(parts)
	return kind + " " + strings.Join(parts, " ")
}
