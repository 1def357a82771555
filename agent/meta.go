package agent

// This file runs the meta-tools of -tools search: search_tools and describe_tool are answered
// from the catalog, and call_tool is unwrapped into the call it names, which then takes the
// path of every direct call (Run.Call: role, arguments, gate, budget, audit).

import (
	"context"

	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
)

// call runs one of the model's calls and returns the name of the tool it ran: the call's own,
// or for call_tool the tool it names, so the invalid-argument count is per real tool.
func (a *Agent) call(ctx context.Context, c toolCall) (string, toolrt.Result, error) {
	name, raw := c.name, []byte(c.args)
	if a.meta != nil && metatools.IsMeta(name) {
		if name != metatools.CallTool {
			text, isErr := a.meta.Answer(name, raw)
			return name, toolrt.Result{Text: text, IsError: isErr}, nil
		}
		tool, args, err := metatools.Unwrap(raw)
		if err != nil {
			res := toolrt.Result{Text: metatools.CallArgsText, IsError: true, Decision: audit.InvalidArgs}
			return name, res, a.run.Refuse(name, audit.InvalidArgs)
		}
		a.printf("  call_tool runs: %s\n", esc(tool))
		name, raw = tool, args
	}
	res, err := a.run.Call(ctx, name, raw)
	return name, res, err
}

// ToolsLine says which tools the model is offered and why (metatools.Choose).
func (a *Agent) ToolsLine() string { return a.toolsLine }
