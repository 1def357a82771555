package introspect

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
)

// everything uses each feature the SDL must carry over: descriptions (multi-line, with quotes),
// deprecations with and without reasons on fields, arguments, input fields and enum values,
// defaults of every kind, custom scalars with @specifiedBy, @oneOf, custom directives, custom
// root names, interfaces and unions.
const everything = `"""The API's own description."""
schema { query: Root mutation: Writes }

"""Marks a field as expensive."""
directive @cost(weight: Int! = 1) repeatable on FIELD_DEFINITION | ARGUMENT_DEFINITION

"An RFC 3339 date-time."
scalar DateTime @specifiedBy(url: "https://datatracker.ietf.org/doc/html/rfc3339")
scalar JSON

"""
Things with ids.
Second line with "quotes" and a \ backslash.
"""
interface Node { id: ID! }

type Root {
  node(id: ID!): Node
  "Old way."
  search(q: String!, limit: Int = 10 @deprecated(reason: "ignored"), order: Order = NEWEST, f: Filter = {genres: [A, B], min: 1.5, tag: "x"}): [Thing!]! @deprecated(reason: "Use node.")
  when: DateTime @deprecated
  nested: [[Int!]]!
}

type Writes { pick(by: By!): Thing }

type Item implements Node { id: ID! name: String @deprecated(reason: "Use title. \"Quoted\".") title: String! }
type Other implements Node { id: ID! raw: JSON }
union Thing = Item | Other

enum Order { NEWEST OLDEST @deprecated(reason: "Sorted badly.") "By score." SCORE }
enum Genre { A B }

input Filter { genres: [Genre!] = [A] min: Float tag: String old: Int @deprecated(reason: "gone") }

"""Exactly one key."""
input By @oneOf { id: ID name: String }
`

func load(t *testing.T, name, sdl string) *ast.Schema {
	t.Helper()
	s, err := gqlparser.LoadSchema(&ast.Source{Name: name, Input: sdl})
	if err != nil {
		t.Fatalf("%s does not load: %v\n%s", name, err, sdl)
	}
	return s
}

func printed(s *ast.Schema) string {
	var b bytes.Buffer
	formatter.NewFormatter(&b).FormatSchema(s)
	return s.Description + "\n" + b.String()
}

// The SDL printed from an introspection answer is the same schema as the SDL the answer came from.
func TestSDLRoundTrip(t *testing.T) {
	s, err := Parse(answer(t, everything))
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := SDL(s)
	if err != nil {
		t.Fatal(err)
	}
	want, got := load(t, "want", everything), load(t, "got", string(sdl))
	if diff := cmp.Diff(printed(want), printed(got)); diff != "" {
		t.Errorf("round trip changed the schema (-want +got):\n%s\nprinted:\n%s", diff, sdl)
	}
	for _, w := range []string{"@oneOf", "@specifiedBy(url:", `@deprecated(reason: "ignored")`, "when: DateTime @deprecated\n",
		"schema {", "repeatable", `= {genres:[A,B],min:1.5,tag:"x"}`} {
		if !strings.Contains(string(sdl), w) {
			t.Errorf("SDL lacks %q:\n%s", w, sdl)
		}
	}
}

// A server without the optional features still gives a loadable schema, and the query asks only
// for what the server has.
func TestQueryValidates(t *testing.T) {
	s := load(t, "s", "type Query { a: Int }")
	for _, f := range []Features{{}, AllFeatures()} {
		doc, errs := gqlparser.LoadQuery(s, Query(f))
		if errs != nil {
			t.Errorf("Query(%+v) is not valid: %v", f, errs)
			continue
		}
		if got := strings.Contains(Query(f), "isOneOf"); got != f.OneOf {
			t.Errorf("Query(%+v) asks for isOneOf: %v", f, got)
		}
		_ = doc
	}
	if _, errs := gqlparser.LoadQuery(s, ProbeQuery); errs != nil {
		t.Errorf("ProbeQuery is not valid: %v", errs)
	}
}

func TestParseErrors(t *testing.T) {
	utf16 := []byte{0xFF, 0xFE}
	for _, c := range `{"__schema": {}}` {
		utf16 = append(utf16, byte(c), 0)
	}
	for in, want := range map[string]string{
		`{"data": {"__schema": {"queryType": {"name": "Query"}, "types": 3}}}`:        "line 1, column 65: data.__schema.types is a JSON number; want a list (a JSON array)",
		`{"data": {"__schema": {"queryType": {"name": "Query"}, "types": {}}}}`:       "data.__schema.types is a JSON object; want a list (a JSON array)",
		`{"__schema": {"queryType": {"name": "Query"}, "types": [{"name": 1}]}}`:      "__schema.types.name is a JSON number; want a string",
		`{"__schema": {"queryType": {"name": "Q"}, "types": [{"isOneOf": "false"}]}}`: "__schema.types.isOneOf is a JSON string; want true or false",
		`[{"data": {}}]`:       `line 1, column 1: the file is a JSON array; want an object, the answer of the introspection query: {"data": {"__schema": …}}`,
		`{"__schema": "oops"}`: "__schema is a JSON string; want an object",
		`{"errors": [{"message": "introspection is disabled"}]}`: "introspection is disabled",
		`{"data": {}}`:                `no "__schema"`,
		"{\n\"data\": ,}":             "line 2, column",
		`{"__schema": {"types": []}}`: "no queryType",
		string(utf16):                 "the file is UTF-16 (little-endian), and JSON is read as UTF-8: save it as UTF-8",
	} {
		_, err := Parse([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "introspect.") || strings.Contains(err.Error(), "struct") {
			t.Errorf("Parse(%s) = %v, want an error with %q and no Go type", in, err, want)
		}
	}
	if !LooksLikeJSON(utf16) {
		t.Errorf("a UTF-16 JSON file does not look like JSON, so -schema would read it as SDL")
	}
}

// A saved answer is read with a byte order mark (Windows editors write one), and errors beside
// its schema are a warning.
func TestParseBOMAndErrors(t *testing.T) {
	body := "\uFEFF" + strings.Replace(string(answer(t, "type Query { a: Int }")), `{"data"`, `{"errors":[{"message":"field x failed"}],"data"`, 1)
	s, err := Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "errors beside the schema") || !strings.Contains(s.Warnings[0], "field x failed") {
		t.Errorf("warnings %q, want the errors beside the schema", s.Warnings)
	}
}

// Names read from a server are printed into SDL, so one that is not a GraphQL name is refused
// instead of changing the document.
func TestSDLRefusesInjectedNames(t *testing.T) {
	for _, bad := range []string{
		`{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a: Int } type X { b", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}]}}`,
		`{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [{"name": "x", "type": {"kind": "SCALAR", "name": "Int"}, "defaultValue": "1) { a } query q($w: T = 2"}], "type": {"kind": "SCALAR", "name": "Int"}}]}]}}`,
		`{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "NON_NULL"}}]}]}}`,
		`{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": []}], "directives": [{"name": "d", "locations": ["FIELD } type Y {"]}]}}`,
	} {
		s, err := Parse([]byte(bad))
		if err == nil {
			var sdl []byte
			if sdl, err = SDL(s); err == nil {
				t.Errorf("accepted %s as\n%s", bad, sdl)
			}
		}
	}
}

// GitHub's schema (fetched by scripts/fetch-github-schema; skipped when absent) survives the
// trip through an introspection answer: the same schema, at the scale of a real API.
func TestGitHubRoundTrip(t *testing.T) {
	schema, _, _ := githubschema.AllRoots(t)
	s, err := Parse(answer(t, string(schema)))
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := SDL(s)
	if err != nil {
		t.Fatal(err)
	}
	want, got := load(t, "github", string(schema)), load(t, "introspected", string(sdl))
	if diff := cmp.Diff(printed(want), printed(got)); diff != "" {
		t.Errorf("GitHub's schema changed on the way (-want +got):\n%.3000s", diff)
	}
	t.Logf("%d types, %d bytes of SDL", len(got.Types), len(sdl))
}

// An ordinary type named Mutation or Subscription stays ordinary: without a schema definition,
// SDL would make it a root (a billing API's domain type Subscription, say).
func TestSDLKeepsOrdinaryTypesNamedLikeRoots(t *testing.T) {
	for name, tc := range map[string]struct {
		sdl            string
		mutation, subs string
	}{
		"domain Subscription": {"schema { query: Query mutation: Mutation }\ntype Query { s: Subscription }\ntype Mutation { cancel: Subscription }\ntype Subscription { id: ID! }", "Mutation", ""},
		"both ordinary":       {"schema { query: Query }\ntype Query { a: Int }\ntype Mutation { hello: String }\ntype Subscription { tick: Int }", "", ""},
		"conventional":        {"type Query { a: Int }\ntype Mutation { b: Int }", "Mutation", ""},
	} {
		t.Run(name, func(t *testing.T) {
			s, err := Parse(answer(t, tc.sdl))
			if err != nil {
				t.Fatal(err)
			}
			sdl, err := SDL(s)
			if err != nil {
				t.Fatal(err)
			}
			got := load(t, "got", string(sdl))
			rootName := func(d *ast.Definition) string {
				if d == nil {
					return ""
				}
				return d.Name
			}
			if m, sub := rootName(got.Mutation), rootName(got.Subscription); m != tc.mutation || sub != tc.subs {
				t.Errorf("roots mutation=%q subscription=%q, want %q and %q:\n%s", m, sub, tc.mutation, tc.subs, sdl)
			}
			if name == "conventional" && strings.Contains(string(sdl), "schema {") {
				t.Errorf("a schema definition where none is needed:\n%s", sdl)
			}
		})
	}
}

// Every description reads back as the server's text: control characters (which block strings
// cannot hold, and which made the whole SDL fail to load), CR and CRLF, leading blank lines and
// indentation, trailing newlines, triple quotes. The cases are graphql-js's printer's.
func TestSDLDescriptionsExact(t *testing.T) {
	texts := []string{"x \u0001 y", "vt \u000b", "nul \u0000", "esc \u001b[0m", "    a\n    b", "\n\nblank\n",
		" leading space", "cr\ronly", "crlf\r\nline", "ends with backslash \\", `ends with quote "`, `ends with \"""`,
		`has """ triple`, `a\"""b`, `""""`, "trailing newline\n", "tab\tend\t", "\u2028ls", "é 😀", "   ",
		"plain", "two\nlines", "  indented\n  both"}
	var b strings.Builder
	b.WriteString("type Query {\n")
	for i, s := range texts {
		q := (&ast.Value{Kind: ast.StringValue, Raw: s}).String()
		fmt.Fprintf(&b, "  %s\n  f%d(%s a: Int): E%d\n", q, i, q, i)
	}
	b.WriteString("}\n")
	for i, s := range texts {
		q := (&ast.Value{Kind: ast.StringValue, Raw: s}).String()
		fmt.Fprintf(&b, "%s\nenum E%d { %s V }\n", q, i, q)
	}
	s, err := Parse(answer(t, b.String()))
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := SDL(s)
	if err != nil {
		t.Fatal(err)
	}
	got := load(t, "got", string(sdl))
	for i, want := range texts {
		f := got.Query.Fields.ForName(fmt.Sprintf("f%d", i))
		e := got.Types[fmt.Sprintf("E%d", i)]
		for where, d := range map[string]string{"field": f.Description, "argument": f.Arguments[0].Description,
			"type": e.Description, "enum value": e.EnumValues[0].Description} {
			if d != want {
				t.Errorf("%s description %q read back as %q", where, want, d)
			}
		}
	}
	if !strings.Contains(string(sdl), "  \"\"\"\n  two\n  lines\n  \"\"\"\n") {
		t.Errorf("a plain multi-line description is not a block string:\n%s", sdl)
	}
}

// A server's own @defer and @stream definitions are kept (Shopify describes its @defer); a
// directive location toolgen does not know is left out with a warning instead of failing the run.
func TestSDLDirectiveDefinitions(t *testing.T) {
	s, err := Parse(answer(t, `type Query { a: Int }
"""Shopify's own words."""
directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD`))
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := SDL(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Shopify's own words.", "directive @defer(label: String, if: Boolean! = true) on", "directive @stream("} {
		if !strings.Contains(string(sdl), w) {
			t.Errorf("SDL lacks %q:\n%s", w, sdl)
		}
	}

	// graphql-js 17's experimental fragment arguments add a location.
	s, err = Parse([]byte(`{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}],
		"directives": [{"name": "both", "locations": ["FIELD", "FRAGMENT_VARIABLE_DEFINITION"], "args": []}, {"name": "only", "locations": ["FRAGMENT_VARIABLE_DEFINITION"], "args": []}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if sdl, err = SDL(s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sdl), "directive @both on FIELD\n") || strings.Contains(string(sdl), "@only") {
		t.Errorf("want @both on FIELD alone and no @only:\n%s", sdl)
	}
	if want := []string{"directive @both: location FRAGMENT_VARIABLE_DEFINITION left out of its definition, which toolgen does not know",
		"directive @only is left out: toolgen knows none of its locations (FRAGMENT_VARIABLE_DEFINITION)"}; !cmp.Equal(s.Warnings, want) {
		t.Errorf("warnings (-want +got):\n%s", cmp.Diff(want, s.Warnings))
	}
}

// A damaged result is reported at the part of it at fault, not at a position in SDL the user
// never sees.
func TestSDLInvalidNamesThePart(t *testing.T) {
	const q = `{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [{"name": "x", "type": {"kind": "INPUT_OBJECT", "name": "Gone"}}], "type": {"kind": "SCALAR", "name": "Int"}}]}`
	for want, types := range map[string]string{
		"Repo.issues: Undefined type Issue.":                   `{"kind": "OBJECT", "name": "Query", "fields": [{"name": "r", "args": [], "type": {"kind": "OBJECT", "name": "Repo"}}]}, {"kind": "OBJECT", "name": "Repo", "fields": [{"name": "issues", "args": [{"name": "first", "type": {"kind": "SCALAR", "name": "Int"}}], "type": {"kind": "NON_NULL", "ofType": {"kind": "LIST", "ofType": {"kind": "OBJECT", "name": "Issue"}}}}]}`,
		"Query.a(x:): Undefined type Gone.":                    q,
		"Empty: OBJECT Empty: must define one or more fields.": `{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}, {"kind": "OBJECT", "name": "Empty", "fields": []}`,
	} {
		s, err := Parse([]byte(`{"__schema": {"queryType": {"name": "Query"}, "types": [` + types + `]}}`))
		if err != nil {
			t.Fatal(err)
		}
		_, err = SDL(s)
		if err == nil || !strings.Contains(err.Error(), "not a valid schema: "+want) || regexp.MustCompile(`:\d+:\d+`).MatchString(err.Error()) {
			t.Errorf("%v; want %q and no position in unseen SDL", err, want)
		}
	}
	s, _ := Parse([]byte(`{"__schema": {"queryType": {"name": "Root"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}]}}`))
	if _, err := SDL(s); err == nil || !strings.Contains(err.Error(), "the query root: ") {
		t.Errorf("%v; want the query root named", err)
	}
}
