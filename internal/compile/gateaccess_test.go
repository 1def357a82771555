package compile

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// gateSchema is a gqlgen shop whose staff fields sit behind the auth-directive libraries'
// gates; hasRole is set in place of HASROLE, or left out.
const gateSchema = `directive @hasRole(role: Role!) on FIELD_DEFINITION | OBJECT
directive @hasScope(scopes: [String!]!) on FIELD_DEFINITION
directive @hasPermission(resource: String!, action: String = "read") on FIELD_DEFINITION
enum Role { CUSTOMER STAFF }
type Query {
  "Every order in the shop, newest first, with its status and its total, for staff."
  allOrders(first: Int = 20): [Order!]! @hasScope(scopes: ["read:orders", "read:all"])
  "One order by its id, with its status and its total, or null when none has it."
  order(id: ID!): Order @hasPermission(resource: "order")
}
type Mutation {
  "Change a product's price in cents and return the product with its new price."
  setProductPrice(id: ID!, priceCents: Int!): Product! HASROLE
}
type Order { id: ID! status: String! totalCents: Int! }
type Product { id: ID! name: String! priceCents: Int! }
`

const gateAllow = "tools:\n  allOrders: {}\n  order: {}\n  setProductPrice: {}\n"

func compileGates(t *testing.T, hasRole string) *catalog.Catalog {
	t.Helper()
	schema := strings.Replace(gateSchema, "HASROLE", hasRole, 1)
	cat, ds := Compile(Inputs{SchemaPath: "s.graphql", Schema: []byte(schema), AllowlistPath: "a.yaml", Allowlist: []byte(gateAllow),
		Tokens: tokentest.Cache(t), LintAsWarnings: true})
	if cat == nil {
		t.Fatal(ds)
	}
	return cat
}

// TestGateAccess: a root field behind @hasRole, @hasScope or @hasPermission has an access line
// worded from the directive's arguments as written (a default filled in), and removing
// @hasRole(role: STAFF) from setProductPrice is a security finding of toolgen diff.
func TestGateAccess(t *testing.T) {
	old := compileGates(t, "@hasRole(role: STAFF)")
	got := map[string][]catalog.Access{}
	for _, tl := range old.Tools {
		got[tl.Name] = tl.Access
	}
	want := map[string][]catalog.Access{
		"allOrders":       {{Where: "Query.allOrders", Needs: "scopes [read:orders, read:all]"}},
		"order":           {{Where: "Query.order", Needs: "permission resource: order, action: read"}},
		"setProductPrice": {{Where: "Mutation.setProductPrice", Needs: "role STAFF"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("access (-want +got):\n%s", diff)
	}
	rep := catdiff.Diff(old, compileGates(t, ""), catdiff.Options{})
	var ids []string
	for _, c := range rep.Changes {
		if c.Tool == "setProductPrice" && slices.Contains(c.Flags, "security") {
			ids = append(ids, c.ID+": "+c.Message)
		}
	}
	wantIDs := []string{`access-loosened: mutation "setProductPrice": Mutation.setProductPrice no longer needs role STAFF`}
	if diff := cmp.Diff(wantIDs, ids); diff != "" {
		t.Errorf("security changes of setProductPrice (-want +got):\n%s", diff)
	}
}

// A new tool's message says what the API checks before it answers it, beside who gets it: a
// reviewer giving setProductPrice to every role learns the API serves only role STAFF.
func TestToolAddedNamesItsAccess(t *testing.T) {
	schema := strings.Replace(gateSchema, "HASROLE", "@hasRole(role: STAFF)", 1)
	build := func(allow string) *catalog.Catalog {
		cat, ds := Compile(Inputs{SchemaPath: "s.graphql", Schema: []byte(schema), AllowlistPath: "a.yaml", Allowlist: []byte(allow),
			Tokens: tokentest.Cache(t), LintAsWarnings: true})
		if cat == nil {
			t.Fatal(ds)
		}
		return cat
	}
	rep := catdiff.Diff(build("tools:\n  order: {}\n"), build("tools:\n  order: {}\n  setProductPrice: {}\n"), catdiff.Options{})
	var got string
	for _, c := range rep.Changes {
		if c.ID == "tool-added" {
			got = c.Message
		}
	}
	if !strings.Contains(got, "; the API answers it only for role STAFF") {
		t.Errorf("tool-added reads %q", got)
	}
}
