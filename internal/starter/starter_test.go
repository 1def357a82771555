package starter

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

func compiles(t *testing.T, schema, allow []byte) int {
	t.Helper()
	cat, ds := compile.Compile(compile.Inputs{SchemaPath: "schema.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow, Tokens: tokentest.Cache(t)})
	if cat == nil {
		t.Fatalf("does not compile:\n%s\n%s", ds, allow)
	}
	return len(cat.Tools)
}

var (
	activeLine    = regexp.MustCompile(`(?m)^  ([_A-Za-z][_0-9A-Za-z]*):( \{\})? +# (\d+) tokens(; no description in the schema: toolgen init wrote the one below from it; improve it)?$`)
	commentedLine = regexp.MustCompile(`(?m)^  # ([_A-Za-z][_0-9A-Za-z]*):( \{\})? +# (.*)$`)
)

func TestExampleSchema(t *testing.T) {
	schema, err := os.ReadFile("../../schema.graphql")
	if err != nil {
		t.Fatal(err)
	}
	out, ds := Allowlist(oneFile("schema.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	n := compiles(t, schema, out)
	active := activeLine.FindAllStringSubmatch(string(out), -1)
	if n != len(active) || n < 5 {
		t.Errorf("%d tools compiled, %d active lines with a token count:\n%s", n, len(active), out)
	}
	text := string(out)
	for _, want := range []string{
		"  movie: {}", "  search: {}", // described queries: active
		"  # addWatchListItem: {}", "needs approval", // a mutation: commented out
		// No description, but a list of an entity: enabled with one written from the schema (issue 24).
		"  tvShows:", "    description: \"Lists TvShow items, filtered or paged by page, size.\"",
		"  # deleteMovie:", "  #   description: \"\"", // no description, a write: commented, with the line to fill in
		"  # searchMovies:", "deprecated: Use 'search' instead",
		"  # register: {}", "refused by a lint: credential-input: asks the model for input.password", // a lint's finding
	} {
		if !strings.Contains(text, want) {
			t.Errorf("starter lacks %q:\n%s", want, text)
		}
	}
	for _, m := range commentedLine.FindAllStringSubmatch(text, -1) {
		if strings.Contains(m[3], "a write") && !strings.Contains(text, "# Mutations") {
			t.Errorf("mutation %s outside the mutations block", m[1])
		}
	}
	// Uncommenting a described mutation as printed also compiles, unless its note says a lint
	// refuses it: the comments are real entries.
	entry := regexp.MustCompile(`^  # [_A-Za-z]+: \{\}`)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if entry.MatchString(l) && !strings.Contains(l, "refused by a lint") {
			lines[i] = "  " + strings.TrimPrefix(l, "  # ")
		}
	}
	if got := compiles(t, schema, []byte(strings.Join(lines, "\n"))); got <= n {
		t.Errorf("uncommenting the described entries gave %d tools, want more than %d", got, n)
	}
}

func TestGitHubSchema(t *testing.T) {
	schema, _, roots := githubschema.AllRoots(t)
	out, ds := Allowlist(oneFile("github.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	n := compiles(t, schema, out)
	listed := len(activeLine.FindAllString(string(out), -1)) + len(commentedLine.FindAllString(string(out), -1))
	if listed != roots {
		t.Errorf("%d root fields listed, the schema has %d", listed, roots)
	}
	t.Logf("GitHub: %d root fields, %d active tools, %d lines", roots, n, strings.Count(string(out), "\n"))
	t.Logf("GitHub: %d commented entries uncommented", checkEdits(t, schema, out, false))
}

func TestSchemaErrorsAreReported(t *testing.T) {
	_, ds := Allowlist(oneFile("api.graphql", []byte("type Query { a: Nope }")), tokentest.Cache(t))
	if !ds.HasErrors() || !strings.Contains(ds.String(), "api.graphql:1:") {
		t.Errorf("want a positioned error naming api.graphql, got %s", ds)
	}
	_, ds = Allowlist(oneFile("api.graphql", []byte("type Query { _unused: Int } type Mutation { a: Int }")), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Errorf("a schema whose only query field compiles: %s", ds)
	}
}

// A field the default selection cannot serve is commented out with the compiler's reason and
// the override to write; the rest still compiles.
func TestUncompilableFieldIsExplained(t *testing.T) {
	schema := []byte("type Query {\n  \"Loops.\"\n  a: Loop\n  \"Fine.\"\n  b: Int\n}\ntype Loop { next: Loop }\n")
	out, ds := Allowlist(oneFile("s.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := compiles(t, schema, out); n != 1 {
		t.Errorf("%d tools, want b alone", n)
	}
	if !strings.Contains(string(out), "  # a: {}") || !strings.Contains(string(out), "cannot compile as a default tool") ||
		!strings.Contains(string(out), "tool-selections/a.graphql") {
		t.Errorf("a is not explained:\n%s", out)
	}
}

// Root fields whose names differ only in case get one entry; the other says why, with the real
// reason, not a position in toolgen's own scratch allow-list and advice to write an override.
func TestCaseClashIsExplained(t *testing.T) {
	schema := []byte("type Query {\n  user: Int\n  \"Looks up one user by login and returns the profile agents need.\"\n  User(login: String): Int\n  \"Fine and long enough to pass the description length lint here.\"\n  b: Int\n}\n")
	out, ds := Allowlist(oneFile("s.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := compiles(t, schema, out); n != 2 {
		t.Errorf("%d tools, want User and b", n)
	}
	text := string(out)
	if !strings.Contains(text, "\n  User: {}") || !strings.Contains(text, `# user:  # cost unknown; cannot compile beside "User": the names differ only in case`) ||
		!strings.Contains(text, "allow-list only one of them") || strings.Contains(text, "tool-selections/user") || strings.Contains(text, " at ") {
		t.Errorf("the case clash is not explained, or the described field is not the one kept:\n%s", out)
	}
}

// A mutation named exactly as a query (monday.com's complexity on both roots) is commented out
// with that reason: an entry of that name runs the query, so uncommenting it could never work.
func TestRootNameTwiceIsExplained(t *testing.T) {
	schema := []byte("type Query {\n  \"The complexity budget left before the next reset, and when it resets.\"\n  complexity: Int\n}\n" +
		"type Mutation {\n  \"The complexity budget left after this request's mutations ran.\"\n  complexity: Int\n}\n")
	out, ds := Allowlist(oneFile("s.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	text := string(out)
	if !strings.Contains(text, "\n  complexity: {}") || !strings.Contains(text, "cannot be a tool: the query field of the same name is the one an entry named complexity runs") ||
		strings.Contains(text, "only in case") {
		t.Errorf("the mutation of the query's name is not explained:\n%s", out)
	}
}

// A field whose default selection keeps only what describes the credential it is for (Shopify
// Customer Account API's uiExtensionSessionToken { expiresIn } without its value) is commented
// out with the reason; a field with a use beside its token stays.
func TestCredentialOnlyFieldIsCommentedOut(t *testing.T) {
	schema := []byte(`type Query {
  "A session token for a UI extension."
  uiExtensionSessionToken: UiExtensionSessionToken
  "The customer, with the wallet settings of the checkout."
  customer: Customer
}
type UiExtensionSessionToken { expiresIn: Int! value: String! }
type Customer { id: ID! sessionToken: UiExtensionSessionToken }
`)
	out, ds := Allowlist(oneFile("s.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := compiles(t, schema, out); n != 1 {
		t.Errorf("%d tools, want customer alone:\n%s", n, out)
	}
	want := regexp.MustCompile(`(?m)^  # uiExtensionSessionToken: \{\}  # \d+ tokens; of no use as it stands: leaves out the credential it is for \(uiExtensionSessionToken\.value\) and returns only uiExtensionSessionToken\.expiresIn`)
	if !want.Match(out) {
		t.Errorf("uiExtensionSessionToken is not explained; want %s in:\n%s", want, out)
	}
}

// TestRelayPlumbingIsCommentedOut: PostGraphile's query type carries Relay's compatibility
// fields, query: Query! (the whole API again) and id: ID! (a constant), beside node; init printed
// the first two as tools. Each is now commented out with its reason, and the rest still compiles.
func TestRelayPlumbingIsCommentedOut(t *testing.T) {
	schema := []byte(`type Query implements Node {
  "Exposes the root query type nested one level down, for Relay 1 mutations."
  query: Query!
  "The root query type must be a Node to work well with Relay 1 mutations; this is its id."
  id: ID!
  "Fetches an object given its globally unique id."
  node(id: ID!): Node
  "One order by its row id, with its status and its total."
  orderByRowId(rowId: Int!): Order
}
interface Node { id: ID! }
type Order implements Node { id: ID! rowId: Int! status: String! total: Int! }
`)
	out, ds := Allowlist(oneFile("s.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := compiles(t, schema, out); n != 1 {
		t.Errorf("%d tools, want orderByRowId alone:\n%s", n, out)
	}
	for _, want := range []string{
		`# query: \{\} +# \d+ tokens; the query type itself \(a Relay compatibility field\)`,
		`# id: \{\} +# \d+ tokens; the query type's own id \(a Relay compatibility field\)`,
		`# node: \{\} +# \d+ tokens; Relay's lookup by global id`,
	} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("starter lacks %s:\n%s", want, out)
		}
	}
}

// oneFile is a schema in one file.
func oneFile(name string, src []byte) compile.Inputs {
	return compile.Inputs{SchemaPath: name, Schema: src}
}

// TestFederationPlumbingIsCommentedOut: a subgraph's introspection (or a schema printed from
// it) has Apollo Federation's _entities and _service on Query, which the router calls; init
// printed both as tools. Each is commented out with its reason.
func TestFederationPlumbingIsCommentedOut(t *testing.T) {
	schema := []byte(`type Query {
  "Finds entities by their representations; for the router."
  _entities(representations: [_Any!]!): [_Entity]!
  "The subgraph's schema, for composition by the router."
  _service: _Service!
  "One product by its SKU, with its name and its price."
  product(sku: String!): Product
}
scalar _Any
union _Entity = Product
type _Service { sdl: String }
type Product { sku: String! name: String! price: Int }
`)
	out, ds := Allowlist(oneFile("s.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := compiles(t, schema, out); n != 1 {
		t.Errorf("%d tools, want product alone:\n%s", n, out)
	}
	for _, want := range []string{
		`# _entities: \{\} +# never a tool \(the allow-list refuses it\); Apollo Federation's entity lookup, which only the router calls`,
		`# _service: \{\} +# never a tool \(the allow-list refuses it\); Apollo Federation's subgraph schema \(sdl\) for the router's composition`,
	} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("starter lacks %s:\n%s", want, out)
		}
	}
}

// TestHashCommentsDescribe: an AppSync console schema documents its fields with # comments;
// init listed none of them as tools (no description), and now lists those with one.
func TestHashCommentsDescribe(t *testing.T) {
	schema := []byte("type Query {\n  # Lists the open tickets of a customer, newest first, with their subjects.\n  tickets(customer: ID!): [String]\n  # oldTickets: [String]\n  archived: [String]\n}\n")
	out, ds := Allowlist(oneFile("s.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := compiles(t, schema, out); n != 1 || !strings.Contains(string(out), "  tickets: {}") || !strings.Contains(string(out), "  # archived:") {
		t.Errorf("want tickets as the one tool, archived commented out:\n%s", out)
	}
	if !strings.Contains(ds.String(), "a description was taken from the # comments") {
		t.Errorf("no note on the comment taken: %s", ds)
	}
}

// TestPostGraphileSchema: a schema in PostGraphile's conventions (testdata/postgraphile.graphql:
// nodeId on the query type and every node, query: Query on payloads, the login's JWT under
// jwtToken). init commented out only id, not PostGraphile's nodeId, and found no login.
func TestPostGraphileSchema(t *testing.T) {
	schema, err := os.ReadFile(filepath.Join("testdata", "postgraphile.graphql"))
	if err != nil {
		t.Fatal(err)
	}
	out, ds := Allowlist(oneFile("postgraphile.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := compiles(t, schema, out); n != 1 {
		t.Errorf("%d tools, want orderByRowId alone:\n%s", n, out)
	}
	for _, want := range []string{
		`# nodeId: \{\} +# \d+ tokens; the query type's own id \(a Relay compatibility field\)`,
		`# query: \{\} +# \d+ tokens; the query type itself`,
		`authenticate\(input: \{email: \$username, password: \$password\}\) \{ jwtToken \}`,
	} {
		if !regexp.MustCompile(want).Match(out) {
			t.Errorf("starter lacks %s:\n%s", want, out)
		}
	}
}

// Allowlist returns the starter allow-list for the schema: the schema fields of compile.Inputs
// (one file or several, as generate.ReadSchema fills them). Its SchemaPath is the schema as
// the user named it, in the header and in diagnostics about the whole schema. tokens counts for every compile
// it makes (the probe, the lint rounds, the printed file); nil lets each compile count in memory.
func Allowlist(schema compile.Inputs, tokens *tokencount.Cache) ([]byte, diag.List) {
	return AllowlistWithin(schema, tokens, DefaultBudget)
}
