package compile

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// TestAccess: the review page's access lines, for a subgraph that renames @requiresScopes and an
// AppSync schema whose Query type sets the default auth of its fields. A field behind a policy
// or scopes (Product.cost, and Product.margin under the renamed @scopes) is gated: the default
// selection leaves it out and says so in the notes, so it has no access line.
func TestAccess(t *testing.T) {
	cases := []struct {
		schema string
		want   map[string][]catalog.Access
	}{{
		schema: `extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: [{name: "@requiresScopes", as: "@scopes"}, "@authenticated", "@policy"])
type Query {
  "One product by its SKU, with its name and its cost, or null when none has it."
  product(sku: String!): Product @scopes(scopes: [["read:products", "read:catalog"], ["admin"]])
}
type Product @authenticated { sku: String! name: String cost: Int @policy(policies: [["finance"]]) margin: Int @scopes(scopes: [["admin"]]) }
`,
		want: map[string][]catalog.Access{"product": {
			{Where: "Query.product", Needs: "scopes read:products and read:catalog, or admin"},
			{Where: "Product", Needs: "an authenticated caller"},
		}},
	}, {
		schema: `type Query @aws_api_key @aws_cognito_user_pools {
  "Every post of the blog, newest first, with its title and its author."
  posts: [Post]
  "One post by its id, with its title and its author, or null when none has it."
  post(id: ID!): Post @aws_iam
}
type Post { id: ID! title: String }
`,
		want: map[string][]catalog.Access{
			"posts": {{Where: "Query.posts", Needs: "AppSync API key or AppSync Cognito user pools"}},
			"post":  {{Where: "Query.post", Needs: "AppSync IAM (SigV4)"}},
		},
	}}
	for _, c := range cases {
		allow := "tools:\n"
		for name := range c.want {
			allow += "  " + name + ": {}\n"
		}
		cat, ds := Compile(Inputs{SchemaPath: "s.graphql", Schema: []byte(c.schema), AllowlistPath: "a.yaml", Allowlist: []byte(allow),
			Tokens: tokentest.Cache(t), LintAsWarnings: true})
		if cat == nil {
			t.Fatal(ds)
		}
		got := map[string][]catalog.Access{}
		for _, tl := range cat.Tools {
			got[tl.Name] = tl.Access
			if tl.Name == "product" && (strings.Contains(tl.Operation, "cost") || strings.Contains(tl.Operation, "margin") || !strings.Contains(strings.Join(tl.Notes, "\n"), "Product.cost, Product.margin")) {
				t.Errorf("product selects the gated cost, or its notes do not name it:\n%s\n%q", tl.Operation, tl.Notes)
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	}
}
