package main

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
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
		{[]string{"call", "-catalog", curator, "movie", `{"id":"42"}`}, "the catalog declares the roles curator, support and no -role was given: choose one with -role (or role: in agent.yaml); `agent catalog -catalog " + shellWord(curator) + " ROLE` lists a role's tools"},
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
	api := moviedbtest.Start(t).URL // another catalog gets no demo server of its own
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp"}, "serving role concierge as anonymous"},
		{[]string{"mcp", "-catalog", copied}, "serving role concierge as anonymous"},
		{[]string{"mcp", "-catalog", oneRole, "-endpoint", api}, "serving role concierge as anonymous"},
		{[]string{"mcp", "-catalog", noRoles, "-endpoint", api}, "serving every tool (the catalog declares no roles) as anonymous"},
		{[]string{"mcp", "-catalog", noRoles, "-endpoint", api, "-role", "anyone"}, "serving role anyone as anonymous"},
	} {
		_, errText, code := runAgent(t, "", c.args...)
		if code != 0 || !strings.Contains(errText, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errText, c.want)
		}
	}
	out, errText, code := runAgent(t, "", "call", "-catalog", noRoles, "-endpoint", api, "addWatchListItem", "{}")
	if code != 1 || !strings.Contains(out, "invalid_arguments") {
		t.Errorf("a write of a catalog without roles is every role's: exit %d\n%s%s", code, out, errText)
	}
}

// Another API's catalog never falls back on the Movie Database's settings: without -endpoint
// its tools would run against the demo server (with the team's AGENT_TOKEN), and -user without
// -login-document would send the demo's login mutation to the team's API. A copy of the demo's
// catalog still gets both.
func TestOtherCatalogNeedsItsEndpointAndLogin(t *testing.T) {
	other := toolrttest.WriteCatalog(t, toolrttest.Reseal(t, generated.CatalogJSON, toolrttest.DropRoles))
	copied := toolrttest.WriteCatalog(t, generated.CatalogJSON)
	t.Setenv("AGENT_PASSWORD", "user123")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"call", "-catalog", other, "-endpoint", "", "movie", `{"id":"42"}`}, "no endpoint: pass -endpoint URL"},
		{[]string{"mcp", "-catalog", other, "-endpoint", ""}, "no endpoint: pass -endpoint URL"},
		{[]string{"call", "-catalog", other, "-endpoint", "http://127.0.0.1:1/graphql", "-user", "user", "movie", `{"id":"42"}`}, "-user user needs -login-document FILE"},
	} {
		out, errText, code := runAgent(t, "", c.args...)
		if code != 1 || !strings.Contains(errText, c.want) {
			t.Errorf("%v: exit %d\n%s%s\nwant %q", c.args, code, out, errText, c.want)
		}
	}
	out, errText, code := runAgent(t, "", "call", "-catalog", copied, "-user", "user", "movie", `{"id":"42"}`)
	if code != 0 || !strings.Contains(out, `"title":"The Matrix"`) {
		t.Errorf("a copy of the demo catalog: exit %d\n%s%s", code, out, errText)
	}
}

// The MCP status line names the identity in use: with AGENT_TOKEN set it said "anonymous",
// while every call ran as the token's user.
func TestMCPNamesAnIssuedToken(t *testing.T) {
	t.Setenv("AGENT_TOKEN", "issued-elsewhere")
	_, errText, code := runAgent(t, "", "mcp")
	if code != 0 || !strings.Contains(errText, "serving role concierge as the token in AGENT_TOKEN over stdio") || strings.Contains(errText, "issued-elsewhere") {
		t.Errorf("exit %d, stderr %s", code, errText)
	}
}
