package agent

// This file warns about a role too large to offer a model: every request carries every tool of
// the role, and chat APIs refuse past a count (OpenAI: 128) or the definitions crowd out the
// conversation. The fix is a smaller role in allowlist.yaml, so the warning says that.

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen/toolgen/toolrt"
)

// Limits past which ToolLoadWarning warns.
const (
	// MaxChatTools is the most tools OpenAI's chat completions API accepts in one request (it
	// answers 400 above it); hosts built on such APIs have the same limit or a lower one.
	MaxChatTools = 128
	// HeavyToolBytes is about 25,000 tokens of definitions: more than a third of a 64k context
	// window spent on every request before the conversation starts.
	HeavyToolBytes = 100_000
)

// ToolLoad is the tools a role offers and the bytes of their definitions as a chat request
// carries them (the request's "tools" array).
func ToolLoad(defs []toolrt.ToolDef) (tools, bytes int) {
	params, err := toolParams(defs)
	if err == nil {
		var b []byte
		if b, err = json.Marshal(params); err == nil {
			return len(defs), len(b)
		}
	}
	for _, d := range defs { // a schema New would refuse anyway: count it as it stands
		bytes += len(d.Name) + len(d.Description) + len(d.InputSchema)
	}
	return len(defs), bytes
}

// ToolLoadWarning is one line saying why role's tools are too many or too large to offer a
// model, and what to do; "" when they are not.
func ToolLoadWarning(role string, defs []toolrt.ToolDef) string {
	n, size := ToolLoad(defs)
	who := "role " + role
	if role == "" {
		who = "this catalog (no roles)"
	}
	fix := "give the agent a role with the tools it needs: declare one under roles: in allowlist.yaml, run toolgen, and pass -role"
	switch {
	case n > MaxChatTools:
		return fmt.Sprintf("%s offers %d tools (%s of definitions) with every model request; OpenAI's chat API refuses more than %d tools in a request, and models choose poorly among this many: %s", who, n, kb(size), MaxChatTools, fix)
	case size > HeavyToolBytes:
		return fmt.Sprintf("%s sends %s of tool definitions (%d tools) with every model request, before the conversation: %s", who, kb(size), n, fix)
	}
	return ""
}

func kb(n int) string { return fmt.Sprintf("%d KB", (n+500)/1000) }
