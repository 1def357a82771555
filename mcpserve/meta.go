// This file lists the meta-tools instead of the role's tools (-tools search) and answers them:
// search_tools and describe_tool read the catalog; call_tool is unwrapped and run by call,
// the path of every direct call, so the gate, the budget and the audit see no difference.

package mcpserve

import (
	"cmp"
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
)

// listed settles the configured mode for rt's role and returns what its tools/list shows.
func (s *Server) listed(rt *toolrt.Runtime, defs []toolrt.ToolDef) []toolrt.ToolDef {
	search, line := metatools.Choose(cmp.Or(s.cfg.Tools, metatools.All), defs)
	if rt == s.cfg.Runtime {
		s.toolsLine = line
	}
	if !search {
		return defs
	}
	if s.metas == nil {
		s.metas = map[*toolrt.Runtime]*metatools.Set{}
	}
	s.metas[rt] = metatools.New(defs)
	return s.metas[rt].Defs()
}

// ToolsLine says what tools/list shows and why, for the command's first line.
func (s *Server) ToolsLine() string { return s.toolsLine }

// Searching reports whether tools/list shows the meta-tools rather than every tool.
func (s *Server) Searching() bool { return s.metas[s.cfg.Runtime] != nil }

// metaCall answers one meta-tool call.
func (s *Server) metaCall(ctx context.Context, st *session, meta *metatools.Set, req *mcp.CallToolRequest, name string, raw []byte) (*mcp.CallToolResult, toolrt.Result, error) {
	if name != metatools.CallTool {
		text, isErr := meta.Answer(name, raw)
		return textResult(text, isErr), toolrt.Result{Text: text, IsError: isErr}, nil
	}
	tool, args, err := metatools.Unwrap(raw)
	if err != nil {
		// Audited like any call refused for its arguments; nothing names a tool to run.
		if err := st.run.Refuse(metatools.CallTool, audit.InvalidArgs); err != nil {
			s.cfg.Logger.Warn("mcp call could not be audited", "session", req.Session.ID(), "err", err)
		}
		res := toolrt.Result{Text: metatools.CallArgsText, IsError: true}
		return textResult(res.Text, true), res, nil
	}
	return s.call(ctx, st, req, tool, args)
}

func textResult(text string, isError bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: isError}
}
