package usefultest

import (
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

const schemaSDL = `
type Query {
  repo(id: ID!): Repo
  repos(first: Int, after: String): RepoConnection!
  sales(first: Int, after: String): SaleConnection!
  find(text: String!): Found
  node(id: ID!): Node
  page: RepoPage!
  byApp: ByAppConnection!
  products: [Product!]!
  pairs: [Pair!]!
}
type Mutation {
  star(id: ID!): StarPayload
  ping: PingPayload
}
interface Node { id: ID! }
union Found = Repo | User
type Repo implements Node { id: ID! name: String! owner: User }
type User implements Node { id: ID! login: String! }
type RepoConnection { nodes: [Repo!]! pageInfo: PageInfo! totalCount: Int! }
type PageInfo { hasNextPage: Boolean! endCursor: String }
type SaleConnection { edges: [SaleEdge!]! pageInfo: OldPageInfo! }
type SaleEdge { cursor: String! node: Repo! }
type OldPageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! }
type RepoPage { content: [Repo!]! total: Int! }
type UserError { field: String message: String! }
type StarPayload { clientMutationId: String repo: Repo userErrors: [UserError!]! }
type PingPayload { clientMutationId: String }
type ByAppConnection { nodes: [ByApp!]! pageInfo: PageInfo! }
type ByApp { owner: User! }
type Product { productId: Int! name: String! weight: Int gallery: [Image!]! }
type Image { id: ID! url: String! }
type Pair { owner: User! repos: [Repo!]! }
`

// TestCheck pins both sides of every row of docs/selection.md's table: a document that meets it and
// documents that each miss one requirement.
func TestCheck(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: schemaSDL})
	for _, c := range []struct{ doc, wantErr string }{
		{`{ repo(id: 1) { id name } }`, ""},
		{`{ repo(id: 1) { name } }`, "without id"},
		{`{ repo(id: 1) { id } }`, "nothing but its id"},
		{`{ repo(id: 1) { id owner { id } } }`, ""},
		{`{ page { total } }`, "without its content"},
		{`{ page { content { id } total } }`, ""},
		{`{ repos { nodes { id } pageInfo { hasNextPage endCursor } } }`, ""},
		{`{ repos { nodes { id } pageInfo { hasNextPage } } }`, "endCursor"},
		{`{ repos { totalCount pageInfo { hasNextPage endCursor } } }`, "without nodes"},
		// Shopify's Partner API: no endCursor, so the edges' cursors say where the next page starts
		{`{ sales { edges { cursor node { id } } pageInfo { hasNextPage } } }`, ""},
		{`{ sales { edges { node { id } } pageInfo { hasNextPage } } }`, "edges { cursor }"},
		{`{ find(text: "x") { __typename ... on Repo { id } ... on User { login } } }`, ""},
		{`{ find(text: "x") { __typename ... on Node { id } } }`, ""},
		{`{ find(text: "x") { __typename ... on Repo { id } } }`, "member User"},
		{`{ find(text: "x") { ... on Repo { id } ... on User { id } } }`, "__typename"},
		{`{ node(id: 1) { __typename } }`, ""},
		{`{ node(id: 1) { id } }`, "interface"},
		{`mutation { star(id: 1) { repo { id } userErrors { message } } }`, ""},
		{`mutation { star(id: 1) { repo { id } userErrors { field } } }`, "userErrors { message }"},
		{`mutation { star(id: 1) { clientMutationId userErrors { message } } }`, "without a result"},
		{`mutation { ping { clientMutationId } }`, ""},
		{`{ byApp { nodes { owner { id login } } pageInfo { hasNextPage endCursor } } }`, ""},
		{`{ byApp { nodes { owner { __typename } } pageInfo { hasNextPage endCursor } } }`, "without a leaf"},
		{`{ products { productId name } }`, ""},
		{`{ products { weight } }`, "entity lists [gallery]"},
		{`{ pairs { owner { id login } } }`, "entity lists [repos]"},
		{`{ pairs { owner { id } repos { id name } } }`, ""},
	} {
		doc, errs := gqlparser.LoadQuery(schema, c.doc)
		if errs != nil {
			t.Fatalf("%s: %v", c.doc, errs)
		}
		err := Check(schema, doc.Operations[0])
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v, want useful", c.doc, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", c.doc, err, c.wantErr)
		}
	}
}

const gapsSDL = `
type Query {
  order(id: ID!): Order
  search: SearchResponse!
  result: Result
  feed: Feed!
}
type Feed { items: [Customer!]! nextToken: String }
type Mutation { login(password: String!): LoginResult remove(id: ID!): RemovePayload! }
type RemovePayload { ok: Boolean errors: [RemoveError!]! }
interface RemoveError { message: String! }
type RemoveGone implements RemoveError { message: String! goneAt: String! }
type RemoveDenied implements RemoveError { message: String! }
type Order { id: ID! code: String! total: Money! customer: Customer accessToken: String }
type Money { amount: Int! currency: String! }
type Customer { id: ID! name: String! }
type SearchResponse { items: [Hit!]! totalItems: Int! }
type Hit { sku: String! price: Money! }
union Result = Order | NotFoundError
type NotFoundError { errorCode: String! message: String! id: ID! }
type LoginResult { sessionToken: String ok: Boolean! }
`

// TestPagesAndGaps pins the properties beyond "useful": a page of any style needs its items,
// and Gaps names a dropped value object, a single result without one hop, an error member
// without every leaf and a selected credential.
func TestPagesAndGaps(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: gapsSDL})
	for _, c := range []struct {
		doc, wantErr string
		gaps         []string
	}{
		{`{ order(id: 1) { id code total { amount } customer { id name } } }`, "", nil},
		{`{ order(id: 1) { id code } }`, "", []string{"value object dropped: order.total (Money)", "single result without one hop: order"}},
		{`{ order(id: 1) { id accessToken total { amount } customer { id } } }`, "", []string{"credential selected: order.accessToken"}},
		{`{ search { totalItems } }`, "without its items", nil},
		{`{ feed { nextToken } }`, "without its items", nil}, // a page without a count
		{`{ feed { items { id name } nextToken } }`, "", nil},
		{`{ search { items { sku } totalItems } }`, "", []string{"value object dropped: search.items.price (Money)"}},
		{`{ result { __typename ... on Order { id } ... on NotFoundError { message } } }`, "",
			[]string{"error member without its leaves: result[NotFoundError].errorCode", "error member without its leaves: result[NotFoundError].id"}},
		{`mutation { login(password: "x") { ok } }`, "", nil},
		// errors of an interface type: which error it is, and what each member adds
		{`mutation { remove(id: 1) { ok errors { message } } }`, "",
			[]string{"error member without its leaves: remove.errors.__typename", "error member without its leaves: remove.errors[RemoveGone].goneAt"}},
		{`mutation { remove(id: 1) { ok errors { __typename message ... on RemoveGone { goneAt } } } }`, "", nil},
	} {
		doc, errs := gqlparser.LoadQuery(schema, c.doc)
		if errs != nil {
			t.Fatalf("%s: %v", c.doc, errs)
		}
		err := Check(schema, doc.Operations[0])
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v, want useful", c.doc, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", c.doc, err, c.wantErr)
		}
		var got []string
		for _, g := range Gaps(schema, doc.Operations[0]) {
			got = append(got, g.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.gaps, "\n") {
			t.Errorf("%s: gaps\n%s\nwant\n%s", c.doc, strings.Join(got, "\n"), strings.Join(c.gaps, "\n"))
		}
	}
}

const rowsSDL = `
type Query {
  balances(walletAddress: String!, cursor: String): BalancePage!
  token(id: ID!): Token
  tokens: [Token!]!
  signatures(block: Int!): [Signature!]!
  ranking: [Stat!]!
}
type BalancePage { items: [Balance!]! cursor: String }
type Balance { tokenId: String! balance: String! shiftedBalance: Float! token: Token }
type Token { id: ID! name: String bars: [Bar!]! stats: [Stat!]! }
type Bar { t: Int! o: Float h: Float l: Float c: Float pair: Pair }
type Pair { id: ID! name: String! }
type Stat { volume: String! trader: Trader }
type Trader { id: ID! }
type Signature { signatureBytes: String! }
`

// TestRows pins "rows that say what they are": every item of a list the answer holds selects an
// id or key, a name, or a naming reference, unless it is a point of a series its enclosing object
// names, or its type has nothing that would say more.
func TestRows(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: rowsSDL})
	for _, c := range []struct{ doc, gap string }{
		// Codex's balances before the naming reference: how much, never of which token
		{`{ balances(walletAddress: "w") { items { balance shiftedBalance } cursor } }`, "balances.items"},
		{`{ balances(walletAddress: "w") { items { balance token { id name } } cursor } }`, ""},
		{`{ balances(walletAddress: "w") { items { tokenId balance } cursor } }`, ""},
		// a series under the thing it is about: the token names every bar
		{`{ token(id: 1) { id name bars { t o h l c } } }`, ""},
		{`{ tokens { id name bars { t o h l c } } }`, ""},
		{`{ tokens { bars { t o h l c } } }`, "tokens tokens.bars"},
		// without its place in the series a bar is a figure of nothing
		{`{ token(id: 1) { id name bars { o h l c } } }`, "token.bars"},
		// nested lists in detail form are rows too; an id alone names nothing, so Stat's trader is
		// no naming reference the schema offers, and the stat has nothing more to say
		{`{ token(id: 1) { id name stats { volume } } }`, ""},
		// a signature is what it holds: its type offers nothing that would say more
		{`{ signatures(block: 1) { signatureBytes } }`, ""},
	} {
		doc, errs := gqlparser.LoadQuery(schema, c.doc)
		if errs != nil {
			t.Fatalf("%s: %v", c.doc, errs)
		}
		var got []string
		for _, g := range Gaps(schema, doc.Operations[0]) {
			if g.Kind == Unnamed {
				got = append(got, g.Where)
			}
		}
		if strings.Join(got, " ") != c.gap {
			t.Errorf("%s: rows without what they are about %q, want %q", c.doc, got, c.gap)
		}
	}
}
