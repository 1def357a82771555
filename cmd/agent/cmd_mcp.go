package main

// mcp is the MCP server of issue 6. Its file replaces this stub: one e.Budget() per session and
// gate.DenyAll{} or an elicitation approver instead of e.Approver().

func init() {
	register(command{
		name: "mcp", order: 50,
		summary: "serve the role's tools over MCP (stdio)",
		run:     notBuilt("mcp"),
	})
}
