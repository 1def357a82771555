package main

// This file turns the ceiling settings into budget limits. A ceiling means what it says: 0
// allows no call, and a negative one is refused with the flag's name.

import (
	"fmt"

	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// defaultToolCallsTotal is the MCP server's ceiling over all sessions together.
const defaultToolCallsTotal = mcpserve.DefaultToolCallsTotal

// defaultToolCalls is one run's tool-call ceiling. An agent run answers one question: 6 calls.
// An MCP session is a run too, but it lasts as long as the host keeps it open (a Claude Desktop
// window, an editor), over many questions, so its default is larger; every session together is
// still bounded by -max-tool-calls-total.
func defaultToolCalls(cmd string) int {
	if cmd == "mcp" {
		return mcpSessionToolCalls
	}
	return 6
}

// mcpSessionToolCalls is an MCP session's default tool-call ceiling.
const mcpSessionToolCalls = 50

// ceilingFlags names each budget ceiling by its flag (and agent.yaml key).
func ceilingFlags() map[string]string {
	return map[string]string{"model calls": "-max-model-calls", "tool calls": "-max-tool-calls"}
}

// checkCeilings refuses a negative ceiling, naming the flag.
func (s Settings) checkCeilings() error {
	if err := (budget.Limits{ModelCalls: s.MaxModelCalls, ToolCalls: s.MaxToolCalls}).Check(ceilingFlags()); err != nil {
		return err
	}
	if s.MaxToolCallsTotal < 0 {
		return fmt.Errorf("-max-tool-calls-total %d: a ceiling cannot be negative; use 0 to allow no call at all", s.MaxToolCallsTotal)
	}
	return nil
}

// limits are one run's (or one MCP session's) ceilings, exactly as configured.
func (s Settings) limits(mode budget.Mode) budget.Limits {
	return budget.Limits{ModelCalls: s.MaxModelCalls, ToolCalls: s.MaxToolCalls, Mode: mode}
}
