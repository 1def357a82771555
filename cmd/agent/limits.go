package main

// This file turns the ceiling settings into budget limits. A ceiling means what it says: 0
// allows no call, and a negative one is refused with the flag's name.

import (
	"fmt"

	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/pending"
	"go.yaml.in/yaml/v3"
)

// defaultCallsPerCaller is the MCP server's ceiling of each caller per window.
var defaultCallsPerCaller = mcpserve.DefaultCallsPerCaller()

// defaultToolCalls is one run's tool-call ceiling. An agent run answers one question: 6 calls.
// An MCP session is a run too, but it lasts as long as the host keeps it open (a Claude Desktop
// window, an editor), over many questions, so its default is larger; every session together is
// still bounded by -max-calls-per-caller.
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
	return nil
}

// rateSetting is -max-calls-per-caller (and its agent.yaml key): CALLS/WINDOW, e.g. 100/1m.
type rateSetting struct{ budget.Rate }

func (r *rateSetting) String() string { return r.Rate.String() }

func (r *rateSetting) Set(v string) error {
	rate, err := budget.ParseRate(v)
	if err != nil {
		return err
	}
	r.Rate = rate
	return nil
}

func (r *rateSetting) UnmarshalYAML(n *yaml.Node) error {
	if err := r.Set(n.Value); err != nil {
		return fmt.Errorf("line %d: max-calls-per-caller %w", n.Line, err)
	}
	return nil
}

// perCaller is the MCP server's per-caller ceiling, counted in a PostgreSQL store when -store
// names one (every replica sharing it then shares the ceiling), else in this process: counting
// every call in the SQLite file would fsync on every call for no one else to read.
func (e *Env) perCaller() (*budget.PerCaller, string, error) {
	rate := e.Settings.MaxCallsPerCaller.Rate
	if !pending.IsURL(e.storePath()) {
		return budget.NewPerCaller(rate, nil), rate.String() + " per caller, counted in this process", nil
	}
	st, err := e.Store()
	if err != nil {
		return nil, "", err
	}
	return budget.NewPerCaller(rate, st), rate.String() + " per caller, counted in " + st.Path() + " (shared by every replica)", nil
}

// limits are one run's (or one MCP session's) ceilings, exactly as configured.
func (s Settings) limits(mode budget.Mode) budget.Limits {
	return budget.Limits{ModelCalls: s.MaxModelCalls, ToolCalls: s.MaxToolCalls, Mode: mode}
}
