// This file audits tools/call requests naming a tool this server does not offer. The SDK
// answers them with a protocol error before any handler runs, so without this they would
// leave no record.

package mcpserve

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
)

// auditUnknown records each call of an unknown tool in its session's run, then lets the SDK
// refuse it as before.
func (s *Server) auditUnknown(rt *toolrt.Runtime, defs []toolrt.ToolDef) mcp.Middleware {
	known := make(map[string]bool, len(defs))
	for _, d := range defs {
		known[d.Name] = true
	}
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if r, ok := req.(*mcp.CallToolRequest); ok && method == "tools/call" && r.Params != nil && !known[r.Params.Name] {
				if err := s.session(r, rt, callerOf(r.Extra)).run.Refuse(r.Params.Name, audit.UnknownTool); err != nil {
					s.cfg.Logger.Warn("mcp call could not be audited", "session", r.Session.ID(), "err", err)
				}
			}
			return next(ctx, method, req)
		}
	}
}
