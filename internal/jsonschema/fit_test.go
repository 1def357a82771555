package jsonschema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/jsonschema/jsonschematest"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// fitSDL has one large input: two input types of the same shape (they can share one $defs
// entry) and long descriptions at depths 2 to 4.
const fitSDL = `
type Query { a: Int }
type Mutation { createRule(input: RuleInput!): Int }
input RuleInput {
  "The rule's name. It appears in the audit log and in every notification, so choose it with care."
  name: String!
  "Conditions. Every condition must hold. Conditions are evaluated in order."
  conditions: ConditionsInput
}
input ConditionsInput {
  "Branches to match. A pattern uses fnmatch syntax, e.g. release/*. Patterns are case-sensitive and may not be empty."
  branchNamePattern: BranchPatternInput
  "Tags to match. A pattern uses fnmatch syntax, e.g. v*. Patterns are case-sensitive and may not be empty."
  tagNamePattern: TagPatternInput
  "How many approvals. Zero means none is needed; the maximum is ten."
  approvals: Int = 1
}
input BranchPatternInput {
  "The pattern to match. It uses fnmatch syntax. An empty pattern is refused."
  pattern: String!
  "If true, the rule fails when the pattern matches. Defaults to false."
  negate: Boolean
  "The operator. STARTS_WITH is the default. REGEX patterns use RE2 syntax."
  operator: Operator
}
input TagPatternInput {
  "The pattern to match. It uses fnmatch syntax. An empty pattern is refused."
  pattern: String!
  "If true, the rule fails when the pattern matches. Defaults to false."
  negate: Boolean
  "The operator. STARTS_WITH is the default. REGEX patterns use RE2 syntax."
  operator: Operator
}
enum Operator { STARTS_WITH ENDS_WITH CONTAINS REGEX }
`

func fitInput(t *testing.T) Object {
	t.Helper()
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: fitSDL})
	return New(schema).ForVariables([]Input{{Name: "input", Type: &ast.Type{NamedType: "RuleInput", NonNull: true}, Description: "The rule to create. Required."}})
}

// byteCost is a deterministic stand-in for a tokenizer: four characters a token.
func byteCost(o Object) (int, error) { return len(o.Compact()) / 4, nil }

func TestFitStopsAsSoonAsItFits(t *testing.T) {
	s := fitInput(t)
	before, _ := byteCost(s)
	for _, tc := range []struct {
		budget int
		notes  []string // prefixes
	}{
		{before, nil}, // within budget: untouched
		{before - 20, []string{"input schema: 2 identical parts written once in $defs (NamePattern)"}},
		{before - 100, []string{"input schema: 2 identical parts", "input schema: 1 nested description cut to their first sentence, the longest first, none shallower than depth 4"}},
		{before / 2, []string{"input schema: 2 identical parts", "input schema: 8 nested descriptions cut", "input schema: 2 nested descriptions dropped, the longest first, none shallower than depth 4"}},
	} {
		got, notes, n, err := Fit(s, before, tc.budget, byteCost)
		if err != nil {
			t.Fatal(err)
		}
		if len(notes) != len(tc.notes) {
			t.Fatalf("budget %d (from %d): notes %q, want %d", tc.budget, before, notes, len(tc.notes))
		}
		for i, p := range tc.notes {
			if !strings.HasPrefix(notes[i], p) {
				t.Errorf("budget %d: note %q, want it to start with %q", tc.budget, notes[i], p)
			}
		}
		if err := jsonschematest.SameValues(s.Compact(), got.Compact()); err != nil {
			t.Errorf("budget %d: %v", tc.budget, err)
		}
		if want, _ := byteCost(got); n != want {
			t.Errorf("budget %d: reported cost %d, the schema costs %d", tc.budget, n, want)
		}
		// The variable and its fields keep a description; the variable's is never shortened.
		if !strings.Contains(string(got.Compact()), `"description":"The rule to create. Required."`) {
			t.Errorf("budget %d: the variable's description changed: %s", tc.budget, got.Compact())
		}
	}
	if after := string(fitInput(t).Compact()); after != string(s.Compact()) {
		t.Errorf("Fit changed its input:\n%s\n%s", s.Compact(), after)
	}
}

func TestFitOverBudgetStillAcceptsTheSameValues(t *testing.T) {
	s := fitInput(t)
	n0, _ := byteCost(s)
	got, notes, n, err := Fit(s, n0, 1, byteCost) // unreachable: every step runs
	if err != nil || n <= 1 || len(notes) != 3 {
		t.Fatalf("cost %d, notes %q, err %v", n, notes, err)
	}
	if err := jsonschematest.SameValues(s.Compact(), got.Compact()); err != nil {
		t.Fatal(err)
	}
	want := `{"type":"object","properties":{"input":{"type":"object","properties":{` +
		`"name":{"type":"string","description":"The rule's name."},` +
		`"conditions":{"type":"object","properties":{` +
		`"branchNamePattern":{"$ref":"#/$defs/NamePattern"},"tagNamePattern":{"$ref":"#/$defs/NamePattern"},"approvals":{"type":"integer","default":1}},` +
		`"additionalProperties":false,"description":"Conditions."}},"required":["name"],"additionalProperties":false,"description":"The rule to create. Required."}},` +
		`"required":["input"],"additionalProperties":false,"$defs":{"Operator":{"type":"string","enum":["STARTS_WITH","ENDS_WITH","CONTAINS","REGEX"]},` +
		`"NamePattern":{"type":"object","properties":{"pattern":{"type":"string"},"negate":{"type":"boolean"},"operator":{"$ref":"#/$defs/Operator"}},` +
		`"required":["pattern"],"additionalProperties":false}}}`
	if diff := cmp.Diff(want, string(got.Compact())); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One sentence":                      "One sentence",
		"First. Second.":                    "First.",
		"Use fnmatch, e.g. v*. Or not.":     "Use fnmatch, e.g. v*.",
		"Ask J. Smith first. Then go.":      "Ask J. Smith first.",
		"Version 1.2 works.\nSecond line.":  "Version 1.2 works.",
		"Para one\n\nPara two. More.":       "Para one",
		"Really? Yes.":                      "Really?",
		"  Padded first.  Then the rest.  ": "Padded first.",
	} {
		if got := firstSentence(in); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDefName(t *testing.T) {
	for want, props := range map[string][]string{
		"NamePattern":  {"branchNamePattern", "tagNamePattern"},
		"Pattern":      {"branchNamePattern", "commitMessagePattern"},
		"Address":      {"address", "address"},
		"BillingInput": {"billingInput", "shippingAddress"},
		"OrderBy":      {"order_by", "order_by"},
	} {
		if got := defName(props); got != want {
			t.Errorf("defName(%q) = %q, want %q", props, got, want)
		}
	}
}
