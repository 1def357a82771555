package gqlschema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2/ast"
)

// fedV2 is a subgraph that imports some federation directives, renames one and uses another by
// its prefixed name, as Apollo's docs show.
const fedV2 = `extend schema
  @link(url: "https://specs.apollo.dev/federation/v2.5", import: [{name: "@key", as: "@primaryKey"}, "@shareable", "FieldSet"])

type Query {
  product(sku: String!): Product
}
type Product @primaryKey(fields: "sku") @federation__tag(name: "public") {
  sku: String!
  name: String @shareable
  cost: Int @federation__requiresScopes(scopes: [["admin"]])
}
`

func TestFederationV2(t *testing.T) {
	s, ds := Load(one(fedV2))
	if s == nil {
		t.Fatal(ds)
	}
	want := "s.graphql:2:4: note: Apollo Federation v2.5 definitions declared by toolgen (the subgraph library defines them at run time): " +
		"@federation__requiresScopes, @federation__tag, @link, @primaryKey, @shareable, FieldSet, federation__Scope, link__Import, link__Purpose; " +
		"a definition written in the schema is used instead\n"
	if diff := cmp.Diff(want, ds.String()); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	if k := s.Directives["primaryKey"]; k == nil || k.Arguments.ForName("fields").Type.String() != "FieldSet!" || !k.IsRepeatable {
		t.Errorf("@primaryKey is %+v, want the spec's @key under its imported name", k)
	}
	if s.Directives["key"] != nil || s.Directives["federation__key"] != nil {
		t.Error("@key declared under a name the schema does not use")
	}
	if got := s.Directives["federation__requiresScopes"].Arguments[0].Type.String(); got != "[[federation__Scope!]!]!" {
		t.Errorf("requiresScopes takes %s", got)
	}
}

// TestFederationV1: a v1 subgraph extends types it does not own and has no @link.
func TestFederationV1(t *testing.T) {
	src := `extend type Query {
  me: User
}
type User @key(fields: "id") @extends {
  id: ID! @external
  reviews: [Review] @requires(fields: "id")
}
type Review { body: String @tag(name: "x") }
`
	s, ds := Load(one(src))
	if s == nil {
		t.Fatal(ds)
	}
	want := "s.graphql:4:12: note: Apollo Federation v1 definitions declared by toolgen (the subgraph library defines them at run time): " +
		"@extends, @external, @key, @requires, @tag, _FieldSet; a definition written in the schema is used instead\n"
	if diff := cmp.Diff(want, ds.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if s.Query == nil || s.Query.Fields.ForName("me") == nil {
		t.Error("extend type Query without a base did not make the query type")
	}
}

func TestAppSync(t *testing.T) {
	src := `type Query { post(id: ID!): Post @aws_iam @aws_cognito_user_pools(cognito_groups: ["admin"]) }
type Post @aws_api_key { id: ID! at: AWSDateTime meta: AWSJSON }
type Subscription { onPost: Post @aws_subscribe(mutations: ["createPost"]) }
`
	s, ds := Load(one(src))
	if s == nil {
		t.Fatal(ds)
	}
	want := "s.graphql:1:35: note: AWS AppSync definitions declared by toolgen (AppSync defines them for every API): " +
		"@aws_api_key, @aws_cognito_user_pools, @aws_iam, @aws_subscribe, AWSDateTime, AWSJSON; a definition written in the schema is used instead\n"
	if diff := cmp.Diff(want, ds.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if d := s.Types["AWSJSON"]; d == nil || d.BuiltIn || d.Kind != ast.Scalar {
		t.Errorf("AWSJSON is %+v, want a custom scalar", d)
	}
	if s.Types["AWSPhone"] != nil {
		t.Error("AWSPhone declared though unused")
	}
}

// TestPlatformErrors: names no platform defines keep gqlparser's error, at the user's
// position, with a fix that says what to do; a lone @tag does not make a v1 subgraph.
func TestPlatformErrors(t *testing.T) {
	link := "extend schema @link(url: \"https://specs.apollo.dev/federation/v2.5\", import: [\"@shareable\"])\n"
	cases := map[string]string{
		"type Query { a: Int @cacheControl(maxAge: 1) }\n": "s.graphql:1:22: undefined directive cacheControl; declare it in the schema (directive @cacheControl on FIELD_DEFINITION | OBJECT, with its arguments) or remove its uses; " +
			"toolgen declares only the directives of Apollo Federation (v2 through a schema @link to specs.apollo.dev/federation/v2.x; v1's @key, @external, @requires, @provides and @extends) and of AWS AppSync (@aws_*)\n",
		"type Query { a: Int @tag(name: \"x\") }\n": "s.graphql:1:22: undefined directive tag; declare it in the schema (directive @tag on FIELD_DEFINITION | OBJECT, with its arguments) or remove its uses; " +
			"toolgen declares only the directives of Apollo Federation (v2 through a schema @link to specs.apollo.dev/federation/v2.x; v1's @key, @external, @requires, @provides and @extends) and of AWS AppSync (@aws_*)\n",
		link + "type Query { p: P }\ntype P @key(fields: \"id\") { id: ID! }\n": "s.graphql:3:9: undefined directive key; the @link at 1:16 does not import it, so Apollo Federation names it @federation__key: " +
			"add \"@key\" to the link's import: list, or write @federation__key\n",
		link + "extend schema @link(url: \"https://specs.apollo.dev/connect/v0.1\", import: [\"@connect\"])\ntype Query { p: Int @connect(x: 1) }\n": "s.graphql:3:22: undefined directive connect; " +
			"it comes from the @link at 2:16 (https://specs.apollo.dev/connect/v0.1), a spec whose definitions toolgen does not know: declare the directive in the schema as the spec defines it (directive @connect(...) on ...); a definition in the schema is used as written\n",
		"extend schema @link(url: \"https://specs.apollo.dev/connect/v0.1\", import: [\"@connect\"])\ntype Query { p: Int @connect }\n": "s.graphql:2:22: undefined directive connect; " +
			"it comes from the @link at 1:16 (https://specs.apollo.dev/connect/v0.1), a spec whose definitions toolgen does not know: declare the directive in the schema as the spec defines it (directive @connect(...) on ...); a definition in the schema is used as written\n",
		link + "type Query { p: Int @federation__key }\n": "s.graphql:2:22: directive federation__key is not applicable on FIELD_DEFINITION; fix the schema (or copy it again from the API, e.g. with toolgen introspect) and run toolgen again\n",
		"type Query { a: Int @aws_iam(x: 1) }\n":          "s.graphql:1:30: undefined argument x for directive aws_iam; fix the schema (or copy it again from the API, e.g. with toolgen introspect) and run toolgen again\n",
		// @policy arrived in v2.6: imported under v2.5 it is refused at the link, used under
		// its prefixed name at the use; @requiresScopes (v2.5) is fine.
		"extend schema @link(url: \"https://specs.apollo.dev/federation/v2.5\", import: [\"@policy\", \"@requiresScopes\"])\ntype Query { a: Int @policy(policies: [[\"staff\"]]) }\n": "s.graphql:1:16: @policy arrived in Apollo Federation v2.6, " +
			"but the schema's @link at 1:16 is federation/v2.5, under which composition refuses it; raise the link's url to https://specs.apollo.dev/federation/v2.6 or later (update the router first), or remove @policy\n",
		link + "type Query { a: Int @federation__policy(policies: [[\"staff\"]]) }\n": "s.graphql:2:22: @policy arrived in Apollo Federation v2.6, " +
			"but the schema's @link at 1:16 is federation/v2.5, under which composition refuses it; raise the link's url to https://specs.apollo.dev/federation/v2.6 or later (update the router first), or remove @policy\n",
		"type User @key(fields: \"id\") { id: ID! }\n": "s.graphql: the schema has no Query type; this federation subgraph has no root fields of its own: agents reach its entities through the router, " +
			"so give toolgen the supergraph SDL (rover supergraph compose, or the router's supergraph file), which keeps @inaccessible and the access directives " +
			"(the router's introspection drops them: use it only when there is no supergraph file); if this is not a subgraph, declare type Query (or a schema { query: ... } block)\n",
	}
	for src, want := range cases {
		s, ds := Load(one(src))
		if s != nil {
			t.Errorf("%q: loaded", src)
		}
		if diff := cmp.Diff(want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", src, diff)
		}
	}
}

// TestDeclaredDefinitionWins: a schema that declares a platform directive itself keeps its own
// definition, and toolgen adds only what is missing.
func TestDeclaredDefinitionWins(t *testing.T) {
	src := "directive @key(fields: String!) on OBJECT\ntype Query { u: User }\ntype User @key(fields: \"id\") { id: ID! @external }\n"
	s, ds := Load(one(src))
	if s == nil {
		t.Fatal(ds)
	}
	if got := s.Directives["key"].Arguments[0].Type.String(); got != "String!" {
		t.Errorf("@key takes %s, want the schema's String!", got)
	}
	if !strings.Contains(ds.String(), "v1 definitions declared by toolgen (the subgraph library defines them at run time): @external;") {
		t.Errorf("notes:\n%s", ds)
	}
}
