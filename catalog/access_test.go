package catalog_test

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/toolrt"
)

// TestAccessRoundTrip: a catalog.json with access (the federation golden case's) parses,
// marshals back to the same bytes and loads in the runtime, whose strict decoder refuses
// unknown keys: toolgen diff reads access from catalog.json, so it must survive both.
func TestAccessRoundTrip(t *testing.T) {
	raw, err := os.ReadFile("../internal/generate/testdata/platform_federation/want/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := toolrt.Load(raw)
	if err != nil {
		t.Fatalf("the runtime refuses a catalog with access: %v", err)
	}
	var got []catalog.Access
	for _, tool := range c.Tools {
		got = append(got, tool.Access...)
	}
	if len(got) == 0 {
		t.Fatal("the federation case's catalog.json carries no access")
	}
	out, err := catalog.Marshal(c.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(raw), string(out)); diff != "" {
		t.Errorf("round trip (-file +marshal):\n%s", diff)
	}
}

// RootAccess is the root field's line only: a selected field's (Product.cost) has one dot too,
// and was read as the root's by the lint and toolgen diff, which then said the API answered
// tool product only for "policies finance".
func TestRootAccess(t *testing.T) {
	for _, c := range []struct {
		access []catalog.Access
		want   string
	}{
		{[]catalog.Access{{Where: "Query.product", Needs: "role STAFF"}, {Where: "Product.cost", Needs: "policies finance"}}, "role STAFF"},
		{[]catalog.Access{{Where: "Product.cost", Needs: "policies finance"}}, ""},
		{[]catalog.Access{{Where: "Product", Needs: "an authenticated caller"}}, ""},
		{nil, ""},
	} {
		if got := (&catalog.Tool{Name: "product", Access: c.access}).RootAccess(); got != c.want {
			t.Errorf("%v: %q, want %q", c.access, got, c.want)
		}
	}
}
