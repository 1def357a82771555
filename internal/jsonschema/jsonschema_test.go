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
	// Order is used twice and its description makes sharing it shorter; Filter is recursive.
	want := `{"type":"object","properties":{` +
		`"where":{"$ref":"#/$defs/Filter"},` +
		`"order":{"$ref":"#/$defs/Order","default":"ASC","description":"Which way."},` +
		`"ids":{"type":"array","items":{"type":"string"},"default":[]},` +
		`"n":{"type":"integer","default":10},` +
		`"pick":{"type":"object","properties":{"id":{"type":"string"},"name":{"type":"string"}},"additionalProperties":false,"minProperties":1,"maxProperties":1}},` +
		`"required":["where"],"additionalProperties":false,` +
		`"$defs":{"Filter":{"type":"object","properties":{` +
		`"and":{"type":"array","items":{"$ref":"#/$defs/Filter"}},` +
		`"not":{"$ref":"#/$defs/Filter"},` +
		`"eq":{"type":"string","default":"x","description":"The value."},` +
		`"order":{"$ref":"#/$defs/Order","default":"DESC"}},` +
		`"additionalProperties":false},` +
		`"Order":{"type":"string","enum":["ASC","DESC"],"description":"Sort direction & <order>."}}}`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

const sharedSDL = `
type Query { a: Int }
enum Dir { UP DOWN }
enum Country { AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ }
input Range { from: Int to: Int country: Country dir: Dir }
input Where { price: Range weight: Range dir: Dir note: String = null }
`

// TestShared pins when a definition is shared: a repeated input object and the enum inside it
// go to $defs once; a tiny enum stays in place (a $ref would cost more than it saves); a single
// use stays in place; "default": null is never written. A definition is added once its body
// is complete, so a shared type's own shared types come before it.
func TestShared(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: sharedSDL})
	got := string(New(schema).ForVariables([]Input{
		{Name: "where", Type: &ast.Type{NamedType: "Where"}},
		{Name: "home", Type: &ast.Type{NamedType: "Country"}, ArgDefault: &ast.Value{Kind: ast.NullValue, Raw: "null"}},
	}).Compact())
	dir := `{"type":"string","enum":["UP","DOWN"]}`
	want := `{"type":"object","properties":{` +
		`"where":{"type":"object","properties":{"price":{"$ref":"#/$defs/Range"},"weight":{"$ref":"#/$defs/Range"},"dir":` + dir + `,"note":{"type":"string"}},"additionalProperties":false},` +
		`"home":{"$ref":"#/$defs/Country"}},"additionalProperties":false,` +
		`"$defs":{"Country":{"type":"string","enum":["AD","AE","AF","AG","AI","AL","AM","AO","AQ","AR","AS","AT","AU","AW","AX","AZ"]},` +
		`"Range":{"type":"object","properties":{"from":{"type":"integer"},"to":{"type":"integer"},"country":{"$ref":"#/$defs/Country"},"dir":` + dir + `},"additionalProperties":false}}}`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// An optional clientMutationId is left out of an input object; a required one stays, since the
// server refuses the call without it.
func TestClientMutationIDIsLeftOutWhenOptional(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: `type Query { a: Int }
input AddInput { clientMutationId: String name: String! }
input StrictInput { clientMutationId: String! name: String! }`})
	for typ, want := range map[string]string{
		"AddInput":    `{"type":"object","properties":{"input":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}},"required":["input"],"additionalProperties":false}`,
		"StrictInput": `{"type":"object","properties":{"input":{"type":"object","properties":{"clientMutationId":{"type":"string"},"name":{"type":"string"}},"required":["clientMutationId","name"],"additionalProperties":false}},"required":["input"],"additionalProperties":false}`,
	} {
		got := string(New(schema).ForVariables([]Input{{Name: "input", Type: &ast.Type{NamedType: typ, NonNull: true}}}).Compact())
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", typ, diff)
		}
	}
}
