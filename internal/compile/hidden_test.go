package compile

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// A field that becomes @inaccessible leaves the default selection with a note naming it, and
// toolgen diff says that is why: before, the diff read only that the field was no longer
// returned, with what it had needed, which read as the reason.
func TestHiddenFieldIsNamedInTheDiff(t *testing.T) {
	const schema = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@inaccessible"])
type Query {
  "One product by its SKU, with its name and the supplier's notes, or null when none has it."
  product(sku: String!): Product
}
type Product { sku: String! name: String! supplierNotes: String HIDDEN }
`
	build := func(hidden string) *catalog.Catalog {
		cat, ds := Compile(Inputs{SchemaPath: "s.graphql", Schema: []byte(strings.Replace(schema, "HIDDEN", hidden, 1)),
			AllowlistPath: "a.yaml", Allowlist: []byte("tools:\n  product: {}\n"), Tokens: tokentest.Cache(t), LintAsWarnings: true})
		if cat == nil {
			t.Fatal(ds)
		}
		return cat
	}
	old, hid := build(""), build("@inaccessible")
	if notes := strings.Join(hid.Tools[0].Notes, "\n"); !strings.Contains(notes, HiddenNote+"Product.supplierNotes") {
		t.Errorf("notes %q lack the hidden field", notes)
	}
	var got string
	for _, c := range catdiff.Diff(old, hid, catdiff.Options{}).Changes {
		if c.ID == "selection-field-removed" {
			got = c.Message
		}
	}
	if !strings.Contains(got, "Product.supplierNotes is now @inaccessible in the schema") {
		t.Errorf("the removal reads %q", got)
	}
}
