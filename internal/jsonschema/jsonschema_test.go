package jsonschema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

const sdl = `
type Query { a: Int }
"Sort direction & <order>."
enum Order { ASC DESC }
input Filter { and: [Filter!] not: Filter "The value." eq: String = "x" order: Order = DESC }
input Pick @oneOf { id: ID name: String }
`

func TestForVariables(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: sdl})
	m := New(schema)
	named := func(n string, nonNull bool) *ast.Type { return &ast.Type{NamedType: n, NonNull: nonNull} }
	got := string(m.ForVariables([]Input{
		{Name: "where", Type: named("Filter", true)},
		{Name: "order", Type: named("Order", false), ArgDefault: &ast.Value{Kind: ast.EnumValue, Raw: "ASC"}, Description: "Which way."},
		{Name: "ids", Type: &ast.Type{Elem: named("ID", true)}, Default: &ast.Value{Kind: ast.ListValue}},
		{Name: "n", Type: named("Int", true), Default: &ast.Value{Kind: ast.IntValue, Raw: "10"}},
		{Name: "pick", Type: named("Pick", false)},
	}).Compact())
	want := `{"type":"object","properties":{` +
		`"where":{"$ref":"#/$defs/Filter"},` +
		`"order":{"type":"string","enum":["ASC","DESC"],"default":"ASC","description":"Which way."},` +
		`"ids":{"type":"array","items":{"type":"string"},"default":[]},` +
		`"n":{"type":"integer","default":10},` +
		`"pick":{"type":"object","properties":{"id":{"type":"string"},"name":{"type":"string"}},"additionalProperties":false,"minProperties":1,"maxProperties":1}},` +
		`"required":["where"],"additionalProperties":false,` +
		`"$defs":{"Filter":{"type":"object","properties":{` +
		`"and":{"type":"array","items":{"$ref":"#/$defs/Filter"}},` +
		`"not":{"$ref":"#/$defs/Filter"},` +
		`"eq":{"type":"string","default":"x","description":"The value."},` +
		`"order":{"type":"string","enum":["ASC","DESC"],"default":"DESC","description":"Sort direction & <order>."}},` +
		`"additionalProperties":false}}}`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
