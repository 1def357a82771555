package lint_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// scaleErrors are the lint errors per rule on the other scale schemas, every root field
// allow-listed, as docs/review.md quotes them ("The lints"): credentials the model would be asked
// for, and on Hasura two pairs of tools it describes alike ("An array relationship"). Shopify's
// "<br/>" in its filter tables is bare formatting that hides nothing, so no description-injection.
var scaleErrors = map[string]map[string]int{
	"shopify": {"credential-input": 24},
	"vendure": {"credential-input": 11},
	"sui":     {},
	"hasura":  {"credential-input": 138, "near-duplicate-description": 2},
	// The large schemas: Admin's five are <div class="note"> in its script-tag tools (an
	// attribute never shows), EverShop's a <source> element in an argument's description.
	"shopify-admin": {"credential-input": 13, "description-injection": 5, "near-duplicate-description": 6},
	"evershop":      {"credential-input": 1, "description-injection": 1},
	"unchained":     {"credential-input": 14, "near-duplicate-description": 7},
	"accounts":      {"credential-input": 19},
	// First compiled after the rules were written. Codex's are its webhooks' securityToken and
	// the apiToken lookup, and deleteApiToken: String!, a mutation whose name reads as the token.
	"codex":           {"credential-input": 9, "near-duplicate-description": 1, "secret-in-selection": 1},
	"solana":          {},
	"shopify-partner": {},
	"monday":          {"credential-input": 2},
}

func TestScaleSchemaErrors(t *testing.T) {
	for _, name := range append(scaleschema.Names(), scaleschema.Large()...) {
		t.Run(name, func(t *testing.T) {
			schema, allow, _ := scaleschema.AllRoots(t, name)
			_, ds := compile.Compile(compile.Inputs{SchemaPath: name + ".graphql", Schema: schema,
				AllowlistPath: "allowlist.yaml", Allowlist: allow, Tokens: tokentest.Cache(t)})
			got := map[string]int{}
			for _, d := range ds {
				if d.Severity == diag.Error {
					rule, _, _ := strings.Cut(d.Message, ": ")
					got[rule]++
				}
			}
			if diff := cmp.Diff(scaleErrors[name], got); diff != "" {
				t.Errorf("errors per rule differ from docs/review.md's (-want +got); update both:\n%s", diff)
				for _, d := range ds {
					if d.Severity == diag.Error && strings.HasPrefix(d.Message, "description-injection") {
						t.Log(d.Message)
					}
				}
			}
		})
	}
}
