package allowlist

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseReviewSections(t *testing.T) {
	src := `tools:
  orders:
    lint:
      - rule: identity-input
        reason: "Support staff look up any customer's orders."
diff:
  tool-became-query: breaking
`
	f, ds := Parse("allowlist.yaml", []byte(src))
	if len(ds) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", ds)
	}
	if diff := cmp.Diff([]Suppression{{Rule: "identity-input", Reason: "Support staff look up any customer's orders.", Pos: Pos{4, 9}}}, f.Entry("orders").Lint); diff != "" {
		t.Errorf("lint (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]LevelOverride{{Rule: "tool-became-query", Level: "breaking", Pos: Pos{7, 3}}}, f.DiffLevels); diff != "" {
		t.Errorf("diff (-want +got):\n%s", diff)
	}
}

func TestParseReviewSectionErrors(t *testing.T) {
	for src, want := range map[string]string{
		"tools:\n  a:\n    lint: identity-input\n":               "allowlist.yaml:3:11: lint must be a list of {rule, reason}",
		"tools:\n  a:\n    lint: [identity-input]\n":             "allowlist.yaml:3:12: a lint suppression must be a mapping with rule and reason",
		"tools:\n  a:\n    lint: [{reason: because of x y z}]\n": "allowlist.yaml:3:12: a lint suppression needs a rule",
		"tools:\n  a:\n    lint: [{rule: x, reasn: y}]\n":        `allowlist.yaml:3:22: unknown key "reasn" in lint suppression; did you mean "reason"?`,
		"tools:\n  a: {}\ndiff:\n  tool-removed: fatal\n":        "allowlist.yaml:4:17: level of tool-removed must be breaking, dangerous or safe, not \"fatal\"",
	} {
		_, ds := Parse("allowlist.yaml", []byte(src))
		if !strings.Contains(ds.String(), want) {
			t.Errorf("%q:\n got %s\nwant %s", src, ds, want)
		}
	}
}
