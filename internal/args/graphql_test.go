package args

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// itemsSchema is a tool's schema as the compiler writes it for
// query($filter: Filter, $first: Int! = 10, $after: String, $tags: [String], $kinds: [Kind!],
// $matrix: [[Int!]!], $meta: JSON!, $big: UInt53, $by: CustomerBy), where Filter has input
// fields named like schema keywords, a nested Int, a field with a default and a required one,
// and CustomerBy is @oneOf.
const itemsSchema = `{"type":"object","properties":{
"filter":{"$ref":"#/$defs/Filter"},
"first":{"type":"integer","default":10},
"after":{"type":"string"},
"tags":{"type":"array","items":{"type":"string"}},
"kinds":{"type":"array","items":{"type":"string","enum":["A","B"]}},
"matrix":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},
"meta":{},
"big":{"type":"integer","minimum":0},
"by":{"type":"object","properties":{"id":{"type":"string"},"email":{"type":"string"}},"additionalProperties":false,"minProperties":1,"maxProperties":1}},
"required":["meta"],"additionalProperties":false,
"$defs":{"Filter":{"type":"object","properties":{
"type":{"type":"string"},"properties":{"type":"array","items":{"type":"string"}},"items":{"type":"integer"},
"order":{"type":"string","enum":["ASC","DESC"],"default":"ASC"},"name":{"type":"string"},"data":{},
"and":{"type":"array","items":{"$ref":"#/$defs/Filter"}}},"required":["name","data"],"additionalProperties":false}}}`

func named(n string, nonNull bool) Type { return Type{Named: n, NonNull: nonNull} }

func listOf(elem Type, nonNull bool) Type { return Type{Elem: &elem, NonNull: nonNull} }

var itemsVars = map[string]Type{
	"filter": named("Filter", false), "first": named("Int", true), "after": named("String", false),
	"tags": listOf(named("String", false), false), "kinds": listOf(named("Kind", true), false),
	"matrix": listOf(listOf(named("Int", true), true), false), "meta": named("JSON", true),
	"big": named("UInt53", false), "by": named("CustomerBy", false),
}

// TestNullWhereGraphQLTakesIt: null passes exactly where the type is surely nullable, and is
// refused, with a message saying what to do, where GraphQL would refuse it or the catalog
// cannot tell.
func TestNullWhereGraphQLTakesIt(t *testing.T) {
	s, err := Compile("items", json.RawMessage(itemsSchema), itemsVars)
	if err != nil {
		t.Fatal(err)
	}
	const refused = "null is not accepted here (the GraphQL type is non-null, or a default applies): "
	tests := []struct {
		name, in string
		want     []Problem
	}{
		{"nullable variables", `{"meta":1,"filter":null,"after":null,"tags":null,"kinds":null,"matrix":null,"big":null,"by":null}`, nil},
		{"nullable input fields, named like keywords", `{"meta":1,"filter":{"name":"n","data":1,"type":null,"properties":null,"items":null,"and":[{"name":"m","data":[null],"type":null}]}}`, nil},
		{"a nullable list's nullable items", `{"meta":1,"tags":["a",null]}`, nil},
		{"a JSON value holds null inside", `{"meta":{"a":null}}`, nil},
		{"non-null variable with a default", `{"meta":1,"first":null}`, []Problem{{"/first", refused + "send an integer, or leave an optional property out"}}},
		{"non-null JSON variable", `{"meta":null}`, []Problem{{"/meta", "null is not accepted here: the GraphQL type is non-null"}}},
		{"required input field", `{"meta":1,"filter":{"name":null,"data":1}}`, []Problem{{"/filter/name", refused + "send a string, or leave an optional property out"}}},
		{"required JSON input field", `{"meta":1,"filter":{"name":"n","data":null}}`, []Problem{{"/filter/data", "null is not accepted here: the GraphQL type is non-null"}}},
		{"input field with a default", `{"meta":1,"filter":{"name":"n","data":1,"order":null}}`, []Problem{{"/filter/order", refused + "send a string, or leave an optional property out"}}},
		{"non-null list items", `{"meta":1,"kinds":["A",null],"matrix":[[1,null],null]}`, []Problem{
			{"/kinds/1", refused + "send a string, or leave an optional property out"},
			{"/matrix/0/1", refused + "send an integer, or leave an optional property out"},
			{"/matrix/1", refused + "send an array, or leave an optional property out"},
		}},
		{"list items below the variables", `{"meta":1,"filter":{"name":"n","data":1,"properties":[null]}}`, []Problem{{"/filter/properties/0", refused + "send a string, or leave an optional property out"}}},
		{"a @oneOf member", `{"meta":1,"by":{"id":null}}`, []Problem{{"/by/id", refused + "send a string, or leave an optional property out"}}},
		{"a nullable position still checks a value", `{"meta":1,"after":5,"filter":{"name":"n","data":1,"type":false}}`, []Problem{
			{"/after", "got number, want string: write it in quotes"},
			{"/filter/type", "got boolean, want string"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, problems(t, s, tt.in)); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

// TestIntVariablesAre32Bit: an Int variable, or an Int in a list variable, is checked against
// GraphQL's 32-bit range; other integers keep their own bounds, and an Int below the variables
// is left to the server (the catalog does not say which nested integers are Int).
func TestIntVariablesAre32Bit(t *testing.T) {
	s, err := Compile("items", json.RawMessage(itemsSchema), itemsVars)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, in string
		want     []Problem
	}{
		{"the bounds themselves", `{"meta":1,"first":2147483647,"matrix":[[-2147483648]]}`, nil},
		{"over", `{"meta":1,"first":2147483648}`, []Problem{{"/first", "GraphQL Int is a 32-bit integer: at most 2147483647"}}},
		{"under, in a list", `{"meta":1,"matrix":[[1],[-2147483649]]}`, []Problem{{"/matrix/1/0", "GraphQL Int is a 32-bit integer: at least -2147483648"}}},
		{"a huge number stays exact", `{"meta":1,"first":12345678901234567890}`, []Problem{{"/first", "GraphQL Int is a 32-bit integer: at most 2147483647"}}},
		{"another integer scalar", `{"meta":1,"big":9007199254740991}`, nil},
		{"an Int below the variables", `{"meta":1,"filter":{"name":"n","data":1,"items":3000000000}}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, problems(t, s, tt.in)); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWithoutVariablesNullIsRefused: with no operation types, the schema is checked as written.
func TestWithoutVariablesNullIsRefused(t *testing.T) {
	s := mustCompile(t, itemsSchema)
	want := []Problem{{"/after", "null is not accepted here (the GraphQL type is non-null, or a default applies): send a string, or leave an optional property out"}}
	if diff := cmp.Diff(want, problems(t, s, `{"meta":1,"after":null}`)); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
}

func problems(t *testing.T, s *Schema, in string) []Problem {
	t.Helper()
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var ae *Error
	if err := s.Validate(v); errors.As(err, &ae) {
		return ae.Problems
	} else if err != nil {
		t.Fatal(err)
	}
	return nil
}

// TestUnknownPropertySuggests: an unknown property names the known one it most likely meant,
// among the properties of the object at that place that the call does not already send.
func TestUnknownPropertySuggests(t *testing.T) {
	s, err := Compile("items", json.RawMessage(itemsSchema), itemsVars)
	if err != nil {
		t.Fatal(err)
	}
	none := mustCompile(t, `{"type":"object","properties":{},"additionalProperties":false}`)
	tests := []struct {
		name string
		s    *Schema
		in   string
		want []Problem
	}{
		{"a variable", s, `{"meta":1,"frist":1}`, []Problem{{"", `unknown property "frist"; did you mean "first"?`}}},
		{"an input field, through a nullable $ref", s, `{"meta":1,"filter":{"name":"n","data":1,"ordr":"ASC"}}`, []Problem{{"/filter", `unknown property "ordr"; did you mean "order"?`}}},
		{"in a list item", s, `{"meta":1,"filter":{"name":"n","data":1,"and":[{"name":"m","data":1,"typ":"x"}]}}`, []Problem{{"/filter/and/0", `unknown property "typ"; did you mean "type"?`}}},
		{"not one already sent", s, `{"meta":1,"filter":{"name":"n","data":1,"nmae":"x"}}`, []Problem{{"/filter", `unknown property "nmae"; remove it`}}},
		{"a @oneOf input", s, `{"meta":1,"by":{"emial":"a@b"}}`, []Problem{{"/by", `unknown property "emial"; did you mean "email"?`}}},
		{"nothing close", s, `{"meta":1,"zzzzzz":1}`, []Problem{{"", `unknown property "zzzzzz"; remove it`}}},
		{"several", s, `{"meta":1,"frist":1,"zzzzzz":1}`, []Problem{{"", `unknown properties "frist" (did you mean "first"?), "zzzzzz"; rename or remove them`}}},
		{"several, none close", s, `{"meta":1,"yyyyyy":1,"zzzzzz":1}`, []Problem{{"", `unknown properties "yyyyyy", "zzzzzz"; remove them`}}},
		{"a tool without arguments", none, `{"id":"1"}`, []Problem{{"", `unknown property "id"; this tool takes no arguments, send {}`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, problems(t, tt.s, tt.in)); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}
