package toolrt

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// A role the catalog does not declare is refused at start, with the declared roles and the
// likely one; before, it started and saw only the tools every role sees.
func TestNewRefusesAnUndeclaredRole(t *testing.T) {
	cat := testCatalog(t)
	for _, c := range []struct{ role, want string }{
		{"suport", `role "suport" is not declared by this catalog (it declares concierge, support); did you mean "support"?`},
		{"shopper", `role "shopper" is not declared by this catalog (it declares concierge, support); use one of them, or declare the role under roles: in allowlist.yaml and run toolgen again`},
	} {
		_, err := New(cat, Config{Endpoint: "http://127.0.0.1:1/graphql", Role: c.role})
		var re *catalog.RoleError
		if !errors.As(err, &re) || err.Error() != c.want {
			t.Errorf("role %q: error %v\nwant %s", c.role, err, c.want)
		}
	}
	for _, role := range []string{"", "concierge", "support"} {
		if _, err := New(cat, Config{Endpoint: "http://127.0.0.1:1/graphql", Role: role}); err != nil {
			t.Errorf("role %q: %v", role, err)
		}
	}
}

// A catalog that declares no roles gives every tool to every role: any name is accepted, as a
// label, and sees the whole catalog.
func TestAnyRoleOfACatalogWithoutRoles(t *testing.T) {
	data, err := os.ReadFile("../generated/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := Load(toolrttest.Reseal(t, data, toolrttest.DropRoles))
	if err != nil {
		t.Fatal(err)
	}
	rt, err := New(cat, Config{Endpoint: "http://127.0.0.1:1/graphql", Role: "anyone"})
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, d := range rt.Tools() {
		got = append(got, d.Name)
	}
	for _, ct := range cat.Tools {
		want = append(want, ct.Name)
	}
	if diff := cmp.Diff(want, got); diff != "" || rt.Role() != "anyone" {
		t.Errorf("role %q sees (-every tool +got):\n%s", rt.Role(), diff)
	}
	if !strings.Contains(strings.Join(got, ","), "addWatchListItem") {
		t.Error("the write is not every role's")
	}
}
