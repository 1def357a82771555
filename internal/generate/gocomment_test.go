package generate

import (
	"regexp"
	"testing"

	"github.com/toolgen/toolgen/internal/compile"
)

// TestSchemaTextNeverBecomesAGoDirective: descriptions and defaults become Go comments; one
// that holds //go:generate, //go:build, //line, a comment's end or cgo's import "C" stays
// inside a "// " comment and the files compile as Go, so no text of a schema runs at go
// generate, changes the build or adds code. The one directive is toolgen's own //go:embed.
func TestSchemaTextNeverBecomesAGoDirective(t *testing.T) {
	schema := `type Query {
  """
  Returns the orders of one customer, newest first, with their totals, for a reader.
//go:generate sh -c "touch /tmp/pwned"
	//go:build ignore
*/ func init() { panic(1) } /*
//line evil.go:1
import "C"
  """
  orders(
    """The status.
//go:generate touch /tmp/pwned"""
    status: String = "\"; func init(){} //go:generate x"
  ): [Order!]!
}
type Order { id: ID! total: Int }
`
	in := compile.Inputs{SchemaPath: "schema.graphql", Schema: []byte(schema), AllowlistPath: "allowlist.yaml", Allowlist: []byte("tools:\n  orders: {}\n")}
	files, ds := FilesWith(in, Options{})
	if files == nil {
		t.Fatal(ds)
	}
	checkFiles(t, files) // Go that parses and is gofmt'ed
	directive := regexp.MustCompile(`(?m)^//(go:|line |export |extern |\+build).*$|^import "C"`)
	for name, b := range files {
		for _, m := range directive.FindAll(b, -1) {
			if name != "catalog.go" || string(m) != "//go:embed catalog.json" {
				t.Errorf("%s: %q", name, m)
			}
		}
	}
}
