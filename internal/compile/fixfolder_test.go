package compile

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// TestLintFixesNameTheSelectionsFolder: a lint that says to write an override (here
// deprecated-usage, on a type with only deprecated leaves) names the -selections folder in use,
// as the compiler's own messages do; it said tool-selections/ whatever the folder.
func TestLintFixesNameTheSelectionsFolder(t *testing.T) {
	schema := []byte(`type Query {
  "The shop's legacy settings: its code and its label, as the old checkout reads them when it starts."
  settings: Settings
}
type Settings { code: String @deprecated(reason: "Use the new checkout") label: String @deprecated(reason: "Use the new checkout") }
`)
	for dir, want := range map[string]string{
		"api/selections": "an override in api/selections/settings.graphql",
		"":               "an override in tool-selections/settings.graphql",
	} {
		_, ds := Compile(Inputs{SchemaPath: "schema.graphql", Schema: schema, AllowlistPath: "allowlist.yaml",
			Allowlist: []byte("tools:\n  settings: {}\n"), SelectionsDir: dir, Tokens: tokentest.Cache(t),
			Selections: map[string][]byte{}})
		if got := ds.String(); !strings.Contains(got, want) {
			t.Errorf("-selections %q: no fix naming %q:\n%s", dir, want, got)
		}
	}
}
