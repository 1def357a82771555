package opbuild

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/budget"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

const testSchema = `
type Query {
  tags: [Tag!]!
  team(id: ID!): Team
}
type Mutation {
  report: ReportPayload
}
type Tag { id: ID! name: String! color: String note: String }
type Team { id: ID! name: String! }
type ReportPayload { lines: [String!]! total: Int! }
`

func build(t *testing.T, kind, field string, o Options) Result {
	t.Helper()
	s := gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: testSchema})
	root := s.Query
	if kind == "mutation" {
		root = s.Mutation
	}
	r, err := New(s).Build(kind, root.Fields.ForName(field), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestResponseBudget covers the fit phase when only the estimated response is over: a list of
// root entities is trimmed down to its summary, and a payload of plain leaves is reported with
// the budget to raise (its token count was never needed).
func TestResponseBudget(t *testing.T) {
	r := build(t, "query", "tags", Options{Set: budget.Set{MaxResultLeaves: 10}})
	want := Result{Text: "query Tool_tags { tags { id name } }",
		Notes: []string{"selection trimmed to fit the budget: tags.note, tags.color"}, SelectionTokens: -1}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("tags (-want +got):\n%s", diff)
	}
	r = build(t, "mutation", "report", Options{Set: budget.Set{MaxResultLeaves: 3}})
	if r.Raise != "selection.maxResultLeaves" || !strings.HasPrefix(r.Warning, "within maxSelectionTokens 400, about 6 leaf values") {
		t.Errorf("report: warning %q, raise %q", r.Warning, r.Raise)
	}
}

// TestDefaults checks that zero options build with budget.Defaults (pinned in package budget).
func TestDefaults(t *testing.T) {
	if r := build(t, "query", "team", Options{}); r.Text != "query Tool_team($id: ID!) { team(id: $id) { id name } }" || r.Notes != nil {
		t.Errorf("team = %+v", r)
	}
}

// TestWordCounts checks the word-by-word count against the tokenizer on whole selections.
func TestWordCounts(t *testing.T) {
	wc := wordCounts{}
	for _, sel := range []string{
		" { id name }",
		" { collaborators(first: 5) { nodes { __typename ... on Team { id name url } ... on User { id userName: name url } } totalCount } }",
		" { nodes { id viewerCanUpdate createdAt bodyHTML } pageInfo { hasNextPage endCursor } totalCount } }",
	} {
		got, err := wc.count(sel, tokencount.Count)
		want, _ := tokencount.Count(sel)
		if err != nil || got != want {
			t.Errorf("%q: %d tokens word by word (%v), %d whole", sel, got, err, want)
		}
	}
}

// TestSecretsOnly: a result whose every leaf is a credential (accounts-js's TOTP secret) gets no
// default selection, and the error says why instead of "nothing to select".
func TestSecretsOnly(t *testing.T) {
	s := gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: `
type Query { twoFactorSecret: TwoFactorSecretKey }
type TwoFactorSecretKey { ascii: String base32: String hex: String qr_code_hex: String google_auth_qr: String otpauth_url: String }`})
	_, err := New(s).Build("query", s.Query.Fields.ForName("twoFactorSecret"), Options{})
	if err == nil || !strings.Contains(err.Error(), "every value TwoFactorSecretKey holds is a credential") {
		t.Errorf("twoFactorSecret: %v", err)
	}
}
