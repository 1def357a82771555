package starter

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// A starter's comments invite three edits: uncomment an entry (and fill in the description
// line under it), uncomment the scalars: block, uncomment the roles: block. These tests make
// each edit mechanically and compile the result: every one must give a file that compiles,
// except an entry whose own note says it cannot (a lint refuses it, no default operation).

// entryHead is a commented tool entry's first line; its note follows the second #.
var entryHead = regexp.MustCompile(`^  # ("?[_A-Za-z][_0-9A-Za-z]*"?):( \{\})? +# (.*)$`)

// uncomment removes a line's "# " after its indentation, as an editor's toggle does.
func uncomment(line string) string {
	i := strings.Index(line, "# ")
	return line[:i] + line[i+2:]
}

// uncommentEntry uncomments the entry whose head is at lines[i], filling in its description
// with one of its own (identical descriptions are near-duplicate-description's error).
func uncommentEntry(lines []string, i int) {
	lines[i] = uncomment(lines[i])
	name, _, _ := strings.Cut(strings.TrimSpace(lines[i]), ":")
	switch {
	case i+1 < len(lines) && strings.HasPrefix(lines[i+1], "  #   description: \"\""):
		lines[i+1] = strings.Replace(uncomment(lines[i+1]), `""`, `"What `+strings.Trim(name, `"`)+` returns, for the test."`, 1)
	case i+1 < len(lines) && strings.HasPrefix(lines[i+1], "  #   description: "): // written by toolgen init
		lines[i+1] = uncomment(lines[i+1])
	}
}

// uncommentBlock uncomments the commented block that starts with the line head (scalars:,
// roles:) and the commented lines indented under it.
func uncommentBlock(lines []string, head string) bool {
	for i, l := range lines {
		if l != "# "+head {
			continue
		}
		lines[i] = head
		for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], "#   "); j++ {
			lines[j] = uncomment(lines[j])
		}
		return true
	}
	return false
}

func refused(note string) bool {
	return strings.Contains(note, "cannot compile") || strings.Contains(note, "refused by a lint")
}

func compileErrors(t *testing.T, schema []byte, allow string) diag.List {
	t.Helper()
	_, ds := compile.Compile(compile.Inputs{SchemaPath: "schema.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: []byte(allow), Tokens: tokentest.Cache(t)})
	var errs diag.List
	for _, d := range ds {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	return errs
}

// checkEdits makes the starter's edits on out and compiles each result: every entry in turn
// when each is true (a compile per entry), all entries at once otherwise, and the blocks.
func checkEdits(t *testing.T, schema, out []byte, each bool) (entries int) {
	t.Helper()
	text := strings.TrimSuffix(string(out), "\n")
	all := strings.Split(text, "\n")
	for i, l := range strings.Split(text, "\n") {
		m := entryHead.FindStringSubmatch(l)
		if m == nil || refused(m[3]) {
			continue
		}
		entries++
		uncommentEntry(all, i)
		if !each {
			continue
		}
		lines := strings.Split(text, "\n")
		uncommentEntry(lines, i)
		if errs := compileErrors(t, schema, strings.Join(lines, "\n")); errs != nil {
			t.Errorf("uncommenting %s (line %d) gives:\n%s", m[1], i+1, errs)
		}
	}
	if errs := compileErrors(t, schema, strings.Join(all, "\n")); errs != nil {
		t.Errorf("uncommenting every entry gives:\n%s", errs)
	}
	for _, head := range []string{"scalars:", "roles:"} {
		lines := strings.Split(text, "\n")
		if uncommentBlock(lines, head) {
			if errs := compileErrors(t, schema, strings.Join(lines, "\n")); errs != nil {
				t.Errorf("uncommenting %s gives:\n%s", head, errs)
			}
		}
	}
	return entries
}

// aaveLike has what Aave's rebuilt schema has: no descriptions at all, a numeric id scalar, and
// a mutation; plus Relay's node and nodes. The get and the list of its entity are enabled with
// descriptions written from the schema (issue 24); before, nothing was.
const aaveLike = `scalar ChainId
scalar DateTime
interface Node { id: ID! }
type Chain implements Node { id: ID! chainId: ChainId! name: String! }
input ChainsFilter { ids: [ChainId!] since: DateTime }
type Query {
  chain(chainId: ChainId!): Chain
  chains(filter: ChainsFilter): [Chain!]!
  node(id: ID!): Node
  nodes(ids: [ID!]!): [Node]!
}
type Mutation { renameChain(chainId: ChainId!, name: String!): Chain }
`

func TestEditsNothingCompiles(t *testing.T) {
	out, ds := Allowlist(oneFile("schema.graphql", []byte(aaveLike)), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := checkEdits(t, []byte(aaveLike), out, true); n != 3 {
		t.Errorf("%d entries to uncomment, want 3 (node, nodes, renameChain):\n%s", n, out)
	}
	text := string(out)
	for _, want := range []string{
		"  chain:", `    description: "Returns one Chain, looked up by chainId."`,
		"  chains:", `    description: "Lists Chain items, filtered or paged by filter."`,
		"#   ChainId: {type: string}  # 3 tools; no description in the schema", // chain, chains, renameChain
		"  # node: ", "Relay's lookup by global id",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("starter lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "DateTime:") {
		t.Errorf("DateTime has a rule, yet it is listed:\n%s", text)
	}
}

func TestEditsExampleSchema(t *testing.T) {
	schema, err := os.ReadFile("../../schema.graphql")
	if err != nil {
		t.Fatal(err)
	}
	out, ds := Allowlist(oneFile("schema.graphql", schema), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if n := checkEdits(t, schema, out, true); n == 0 {
		t.Errorf("no commented entry:\n%s", out)
	}
}

// TestEditsScaleSchemas uncomments every entry at once (a compile per entry would take
// minutes on GitHub's; TestGitHubSchema makes GitHub's edits on the starter it checks).
func TestEditsScaleSchemas(t *testing.T) {
	for _, name := range scaleschema.Names() {
		t.Run(name, func(t *testing.T) {
			schema, _, _ := scaleschema.AllRoots(t, name)
			out, ds := Allowlist(oneFile(name+".graphql", schema), tokentest.Cache(t))
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			n := checkEdits(t, schema, out, false)
			t.Log(fmt.Sprintf("%s: %d commented entries uncommented", name, n))
		})
	}
}

// TestTimeGuess: a scalar named Time is listed in the commented scalars: block with the format
// toolgen uses, date-time for a gqlgen schema and a time of day elsewhere, and uncommenting the
// block still compiles.
func TestTimeGuess(t *testing.T) {
	const shop = `scalar Time
type Order { id: ID! total: Int! }
type Query {
  "Orders of the signed-in user placed after the given moment, newest first, with their totals."
  orders(placedAfter: Time!): [Order!]!
}
`
	const gqlgen = "directive @goField(forceResolver: Boolean, name: String) on INPUT_FIELD_DEFINITION | FIELD_DEFINITION\n"
	for schema, want := range map[string]string{
		shop:          "#   Time: {type: string, format: time}  # 1 tool; sent as a time of day (10:15:30Z), graphql-scalars' Time; gqlgen's is a date-time",
		gqlgen + shop: "#   Time: {type: string, format: date-time}  # 1 tool; sent as a date-time, gqlgen's Time (the schema declares @goModel or @goField); check gqlgen.yml's models",
	} {
		out, ds := Allowlist(oneFile("schema.graphql", []byte(schema)), tokentest.Cache(t))
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		if !strings.Contains(string(out), want+"\n") {
			t.Errorf("starter lacks %q:\n%s", want, out)
		}
		checkEdits(t, []byte(schema), out, false)
	}
}

// TestNeedsNote: an entry whose root field is behind a gate directive says what the server
// checks, so the reader gives it to the roles that hold it; one without says nothing of it.
func TestNeedsNote(t *testing.T) {
	const schema = `directive @hasRole(role: Role!) on FIELD_DEFINITION
enum Role { CUSTOMER STAFF }
type Order { id: ID! total: Int! }
type Query {
  "Every order in the shop, newest first, with its status and its total, for staff."
  allOrders: [Order!]! @hasRole(role: STAFF)
  "The signed-in user's orders, newest first, with their status and their totals."
  myOrders: [Order!]!
}
`
	out, ds := Allowlist(oneFile("schema.graphql", []byte(schema)), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var got []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "Orders: {}") {
			_, note, _ := strings.Cut(l, "tokens")
			got = append(got, strings.TrimSpace(l[:strings.Index(l, ":")])+note)
		}
	}
	want := []string{"allOrders; the server answers only callers with role STAFF: give it to the roles that have it", "myOrders"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s\n%s", diff, out)
	}
	// the sample roles offer the API's own role, named after it, with the tools that need it
	if role := "#   staff:\n#     description: Callers the API gives role STAFF.  # allOrders need it: give them roles: [staff]\n"; !strings.Contains(string(out), role) {
		t.Errorf("starter lacks the API's role:\n%s", out)
	}
}
