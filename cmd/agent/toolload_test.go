package main

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// A role with more tools than chat APIs accept is warned about at start under -tools all, by
// the agent loop and by mcp, pointing at roles; before, 565 Nautical tools went out with every
// request unsaid. By default (-tools auto) such a role is offered the meta-tools instead, and
// the line saying so replaces the warning.
func TestTooManyToolsAreWarnedAbout(t *testing.T) {
	many := toolrttest.WriteCatalog(t, toolrttest.Reseal(t, generated.CatalogJSON, toolrttest.CopyTool("movie", 130)))
	const want = "role concierge offers 137 tools (56 KB of definitions) with every model request; OpenAI's chat API refuses more than 128 tools in a request, and models choose poorly among this many: give the agent a role with the tools it needs: declare one under roles: in allowlist.yaml"
	api := moviedbtest.Start(t).URL
	_, errText, code := runAgent(t, "", "mcp", "-catalog", many, "-endpoint", api, "-role", "concierge", "-tools", "all")
	if code != 0 || !strings.Contains(errText, "agent mcp: warning: "+want) {
		t.Errorf("mcp: exit %d, stderr %s", code, errText)
	}
	out, _, _ := runAgent(t, "", "agent", "-catalog", many, "-endpoint", api, "-role", "concierge", "-model-url", "http://127.0.0.1:1/v1", "-tools", "all", "find The Matrix")
	if !strings.Contains(out, "warning : "+want) {
		t.Errorf("agent loop transcript:\n%s", out)
	}
	const auto = "tools: search, chosen by -tools auto: 137 tools"
	_, errText, code = runAgent(t, "", "mcp", "-catalog", many, "-endpoint", api, "-role", "concierge")
	if code != 0 || !strings.Contains(errText, "agent mcp: "+auto) || strings.Contains(errText, "warning") {
		t.Errorf("mcp -tools auto: exit %d, stderr %s", code, errText)
	}
	out, _, _ = runAgent(t, "", "agent", "-catalog", many, "-endpoint", api, "-role", "concierge", "-model-url", "http://127.0.0.1:1/v1", "find The Matrix")
	if !strings.Contains(out, "tools   : search, chosen by -tools auto: 137 tools") || strings.Contains(out, "warning") {
		t.Errorf("agent loop -tools auto transcript:\n%s", out)
	}
	if _, errText, _ := runAgent(t, "", "mcp"); strings.Contains(errText, "warning") {
		t.Errorf("the demo's 7 tools are warned about: %s", errText)
	}
}
