package starter

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// shopLike declares its root fields alphabetically, as large admin APIs do, with described
// odds and ends first and its main entity's get, list and search undescribed and last.
const shopLike = `type Product { id: ID! title: String! vendor: String price: Float }
type ProductConnection { edges: [ProductEdge!]! pageInfo: PageInfo! }
type ProductEdge { node: Product! cursor: String! }
type PageInfo { hasNextPage: Boolean! endCursor: String }
type Order { id: ID! name: String! product: Product total: Float }
type Shop { name: String! currency: String! }
type Query {
  "The current app installation's billing preference for the shop."
  appBillingPreference: String
  "Feature flags of the admin, for internal tooling."
  betaFlags: [String!]!
  "Whether the checkout branding editor is enabled."
  checkoutBrandingEnabled: Boolean!
  order(id: ID!): Order
  product(id: ID!): Product
  products(first: Int, query: String, after: String): ProductConnection!
  productSearch(query: String!): [Product!]!
  "The shop."
  shop: Shop!
}
`

// activeTools are the entries printed as tools, in order, and what they cost together.
func activeTools(out []byte) ([]string, int) {
	var names []string
	total := 0
	for _, m := range activeLine.FindAllStringSubmatch(string(out), -1) {
		n, _ := strconv.Atoi(m[3])
		names, total = append(names, m[1]), total+n
	}
	return names, total
}

// TestMainEntitiesFirstWithinBudget: the main entity's get, list and search come first and are
// enabled though the schema describes none of them, with descriptions written from the schema;
// the odds and ends past the budget are commented out with their cost. Before, the four
// undescribed fields were commented out and the three described oddities were the tools.
func TestMainEntitiesFirstWithinBudget(t *testing.T) {
	out, ds := AllowlistWithin(oneFile("shop.graphql", []byte(shopLike)), tokentest.Cache(t), 200)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	names, total := activeTools(out)
	if len(names) < 3 || total > 200 || strings.Join(names[:3], " ") != "product products productSearch" {
		t.Errorf("tools %v (%d tokens), want product, products and productSearch first, within 200:\n%s", names, total, out)
	}
	for _, want := range []string{
		`    description: "Returns one Product, looked up by id."`,
		"over the -budget of 200 tokens",
		"# Queries that work as they stand but would take the tools past the -budget of 200 tokens",
		fmt.Sprintf("# the tools enabled below cost %d tokens", total), // not the ones commented out past it
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("starter lacks %q:\n%s", want, out)
		}
	}
	checkEdits(t, []byte(shopLike), out, true)
}

// TestBudgetOnRealSchemas measures what the starter enables on GitHub's schema and the scale
// schemas under the default budget and a small one (docs/discovery.md has the numbers).
func TestBudgetOnRealSchemas(t *testing.T) {
	schemas := map[string][]byte{}
	gh, _, _ := githubschema.AllRoots(t)
	schemas["github"] = gh
	names := append(append([]string{"github"}, scaleschema.Names()...), scaleschema.Large()...)
	for _, name := range names[1:] {
		s, _, _ := scaleschema.AllRoots(t, name)
		schemas[name] = s
	}
	for _, name := range names {
		for _, budget := range []int{DefaultBudget, 1000} {
			out, ds := AllowlistWithin(oneFile(name+".graphql", schemas[name]), tokentest.Cache(t), budget)
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			names, total := activeTools(out)
			over := len(regexp.MustCompile(`over the -budget`).FindAllString(string(out), -1))
			if total > budget {
				t.Errorf("%s: %d tokens enabled, over the budget %d", name, total, budget)
			}
			t.Log(fmt.Sprintf("%s -budget %d: %d tools, %d tokens (%d usable left out): %s", name, budget, len(names), total, over, strings.Join(names[:min(8, len(names))], ", ")))
		}
	}
}
