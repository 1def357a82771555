package main

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// A role the catalog does not declare stops call, mcp and agent before anything runs; before,
// mcp served an empty tools/list and call blamed the tool.
func TestUndeclaredRoleIsRefusedAtStart(t *testing.T) {
	curator := toolrttest.WriteCatalog(t, toolrttest.Reseal(t, generated.CatalogJSON, toolrttest.RenameRole("concierge", "curator")))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"call", "-role", "suport", "movie", `{"id":"42"}`}, `role "suport" is not declared by this catalog (it declares concierge, support); did you mean "support"?`},
		{[]string{"mcp", "-role", "suport"}, `did you mean "support"?`},
		{[]string{"agent", "-role", "suport", "-model-url", "http://127.0.0.1:1/v1", "find The Matrix"}, `did you mean "support"?`},
		{[]string{"mcp", "-catalog", curator, "-role", "concierge"}, `role "concierge" is not declared by this catalog (it declares curator, support)`},
		{[]string{"call", "-catalog", curator, "movie", `{"id":"42"}`}, "the catalog declares the roles curator, support and no -role was given: choose one with -role"},
	} {
		out, errText, code := runAgent(t, "", c.args...)
		if code != 1 || !strings.Contains(errText, c.want) {
			t.Errorf("%v: exit %d, stderr %q\nwant %q", c.args, code, errText, c.want)
		}
		if strings.Contains(out, "The Matrix") || strings.Contains(errText, "serving") {
			t.Errorf("%v: started anyway:\n%s%s", c.args, out, errText)
		}
	}
}

// Without -role: the Movie Database catalog (embedded or a copy) runs as concierge, a catalog
// with one role as that role, and one without roles serves every tool.
func TestDefaultRoleFollowsTheCatalog(t *testing.T) {
	oneRole := toolrttest.WriteCatalog(t, toolrttest.Reseal(t, generated.CatalogJSON, func(c *catalog.Catalog) { delete(c.Roles, "support") }))
	copied := toolrttest.WriteCatalog(t, generated.CatalogJSON)
	noRoles := toolrttest.WriteCatalog(t, toolrttest.Reseal(t, generated.CatalogJSON, toolrttest.DropRoles))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp"}, "serving role concierge as anonymous"},
		{[]string{"mcp", "-catalog", copied}, "serving role concierge as anonymous"},
		{[]string{"mcp", "-catalog", oneRole}, "serving role concierge as anonymous"},
		{[]string{"mcp", "-catalog", noRoles}, "serving every tool (the catalog declares no roles) as anonymous"},
		{[]string{"mcp", "-catalog", noRoles, "-role", "anyone"}, "serving role anyone as anonymous"},
	} {
		_, errText, code := runAgent(t, "", c.args...)
		if code != 0 || !strings.Contains(errText, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errText, c.want)
		}
	}
	out, errText, code := runAgent(t, "", "call", "-catalog", noRoles, "addWatchListItem", "{}")
	if code != 1 || !strings.Contains(out, "invalid_arguments") {
		t.Errorf("a write of a catalog without roles is every role's: exit %d\n%s%s", code, out, errText)
	}
}
