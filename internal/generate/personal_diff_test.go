package generate

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/compile"
)

// TestPersonalOptInDiff: turning selection: {personal: true} on shows in toolgen diff as personal
// data added to the tools (selection-sensitive-field-added), and turning it off again says
// why each field went: the default selection leaves it out as personal data.
func TestPersonalOptInDiff(t *testing.T) {
	in, ds := Read("testdata/selection_personal", "schema.graphql", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	off, ds := compile.Compile(in)
	if off == nil {
		t.Fatal(ds)
	}
	in.Allowlist = append([]byte("selection: {personal: true}\n"), in.Allowlist...)
	on, ds := compile.Compile(in)
	if on == nil {
		t.Fatal(ds)
	}
	added := messages(catdiff.Diff(off, on, catdiff.Options{}), "selection-sensitive-field-added")
	for _, want := range []string{`"customer" now returns customer.email`, `"customer" now returns customer.taxId`, `"order" now returns order.buyer.email`} {
		if !slices.ContainsFunc(added, func(m string) bool { return strings.HasPrefix(m, want) }) {
			t.Errorf("opting in: no %q among the sensitive fields added:\n%s", want, strings.Join(added, "\n"))
		}
	}
	removed := messages(catdiff.Diff(on, off, catdiff.Options{}), "selection-field-removed")
	want := `"customer" no longer returns customer.email: the default selection now leaves Customer.email out as personal data (selection: {personal: true} for this tool in the allow-list selects it)`
	if !slices.Contains(removed, want) {
		t.Errorf("opting out: want %q among:\n%s", want, strings.Join(removed, "\n"))
	}
}

func messages(r *catdiff.Report, id string) []string {
	var out []string
	for _, c := range r.Changes {
		if c.ID == id {
			out = append(out, c.Message)
		}
	}
	return out
}

// TestAliasedPersonalFieldIsFlagged: an override that keeps every response key but returns a
// customer's email under displayName compiles, costs the same tokens, and made no change in
// toolgen diff; now it is a security-flagged selection-sensitive-field-added.
func TestAliasedPersonalFieldIsFlagged(t *testing.T) {
	in, ds := Read("testdata/selection_personal", "schema.graphql", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	compileWith := func(sel string) *catalog.Catalog {
		in.Selections = map[string][]byte{"tool-selections/customer.graphql": []byte("query Tool_customer($id: ID!) { customer(id: $id) { id " + sel + " } }")}
		c, ds := compile.Compile(in)
		if c == nil {
			t.Fatal(ds)
		}
		return c
	}
	added := messages(catdiff.Diff(compileWith("displayName"), compileWith("displayName: email"), catdiff.Options{}), "selection-sensitive-field-added")
	if len(added) != 1 || !strings.Contains(added[0], "customer.email under customer.displayName") {
		t.Errorf("want the email returned under displayName flagged, got %q", added)
	}
}
