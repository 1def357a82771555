package metatools

import (
	"fmt"

	"github.com/toolgen/toolgen/toolrt"
)

// Mode is how a role's tools are offered: every tool, or the three meta-tools.
type Mode string

// The -tools values.
const (
	All    Mode = "all"    // every tool of the role, each with its full definition
	Search Mode = "search" // search_tools, describe_tool and call_tool
	Auto   Mode = "auto"   // Search above AutoMaxTools tools or AutoMaxTokens tokens, else All
)

// The thresholds of Auto: past either, a full list fails or crowds a host, and the round trips
// of discovery (a search and a describe before a call) cost less than carrying every tool.
const (
	// AutoMaxTools is the most tools OpenAI's chat completions API accepts in one request (it
	// answers 400 above it); hosts built on such APIs have the same limit or a lower one.
	AutoMaxTools = 128
	// AutoMaxTokens is where an MCP host starts warning about the size of a server's tool
	// definitions (25,000 tokens): an eighth of a 200k window spent before the conversation.
	AutoMaxTokens = 25_000
)

// ParseMode reads the -tools flag.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case All, Search, Auto:
		return m, nil
	}
	return "", fmt.Errorf("unknown -tools %q: use all, search or auto", s)
}

// Choose settles Auto for the role's tools: whether to offer the meta-tools, and one line
// saying what was chosen and why, for the first line a command prints.
func Choose(m Mode, defs []toolrt.ToolDef) (search bool, line string) {
	tokens := 0
	for _, d := range defs {
		tokens += d.Tokens
	}
	size := fmt.Sprintf("%d tools, %d tokens of definitions", len(defs), tokens)
	switch {
	case m == Search:
		return true, fmt.Sprintf("tools: search (search_tools, describe_tool, call_tool over %s; -tools all lists them all)", size)
	case m == All:
		return false, fmt.Sprintf("tools: all (%s; -tools search offers three meta-tools instead)", size)
	case len(defs) > AutoMaxTools || tokens > AutoMaxTokens:
		return true, fmt.Sprintf("tools: search, chosen by -tools auto: %s, over %d tools or %d tokens (-tools all lists them all)", size, AutoMaxTools, AutoMaxTokens)
	}
	return false, fmt.Sprintf("tools: all, chosen by -tools auto: %s, within %d tools and %d tokens", size, AutoMaxTools, AutoMaxTokens)
}
