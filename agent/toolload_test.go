package agent

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt"
)

func TestToolLoadWarning(t *testing.T) {
	def := func(i, schemaBytes int) toolrt.ToolDef {
		return toolrt.ToolDef{Name: fmt.Sprint("tool", i), Description: "Reads one thing.",
			InputSchema: json.RawMessage(`{"type":"object","description":"` + strings.Repeat("x", schemaBytes) + `"}`)}
	}
	defs := func(n, schemaBytes int) []toolrt.ToolDef {
		var out []toolrt.ToolDef
		for i := range n {
			out = append(out, def(i, schemaBytes))
		}
		return out
	}
	for _, c := range []struct {
		name, role string
		defs       []toolrt.ToolDef
		want       string
	}{
		{"few and small", "r", defs(20, 100), ""},
		{"exactly the limit", "r", defs(MaxChatTools, 10), ""},
		{"over the count", "shopper", defs(MaxChatTools+1, 10), "role shopper offers 129 tools ("},
		{"over the size", "", defs(10, 12_000), "this catalog (no roles) sends 121 KB of tool definitions (10 tools) with every model request"},
	} {
		got := ToolLoadWarning(c.role, c.defs)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if got != "" && !strings.Contains(got, "roles: in allowlist.yaml") {
			t.Errorf("%s: the warning does not point at roles: %s", c.name, got)
		}
	}
}
