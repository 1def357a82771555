package main

// mcp serves the role's tools to an MCP host: over stdio for a host that spawns the agent, or
// over streamable HTTP on loopback with -http. Stdout carries protocol messages only, so every
// status line goes to stderr.

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"

	"github.com/toolgen/toolgen/agent"
	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt/budget"
)

func init() {
	register(command{
		name: "mcp", order: 50,
		summary: "serve the role's tools over MCP (stdio, or -http on loopback)",
		run:     runMCP,
		groups:  []string{"catalog", "runtime", "budget", "mcp", "pending"},
		login:   true,
	})
}

func runMCP(ctx context.Context, e *Env, args []string) error {
	o := e.Settings
	if len(args) > 0 {
		fmt.Fprintf(e.Err, "agent mcp: unexpected arguments %q; flags go right after mcp\n", args)
		return errUsage
	}
	approve, err := mcpserve.ParseApproval(o.Approve)
	if err != nil {
		return err
	}
	var ln net.Listener
	if o.HTTP != "" { // refuse a bad address before logging in or starting anything
		if ln, err = mcpserve.Listen(o.HTTP, o.HTTPAllowRemote); err != nil {
			return err
		}
		defer ln.Close()
	}
	stdout := e.Out
	e.Out = e.Err // the embedded server's start line must not land in the protocol stream
	srv, err := newMCPServer(ctx, e, approve)
	if err != nil {
		return err
	}
	if ln == nil {
		fmt.Fprintf(e.Err, "agent mcp: serving %s as %s over stdio, writes: %s\n", roleLabel(e.Settings.Role), who(e), approve)
		return srv.ServeIO(ctx, &linesReader{ctx: ctx, lines: e.Lines}, nopWriteCloser{stdout})
	}
	fmt.Fprintf(e.Err, "agent mcp: serving %s as %s at http://%s/, writes: %s\n", roleLabel(e.Settings.Role), who(e), ln.Addr(), approve)
	return srv.ServeHTTP(ctx, ln)
}

// newMCPServer logs in and builds the server; each MCP session gets the settings' tool ceiling.
func newMCPServer(ctx context.Context, e *Env, approve mcpserve.Approval) (*mcpserve.Server, error) {
	mode, err := budget.ParseMode(e.Settings.BudgetMode)
	if err != nil {
		return nil, err
	}
	d, err := e.deferrer(approve == mcpserve.Defer)
	if err != nil {
		return nil, err
	}
	rt, err := e.Runtime(ctx)
	if err != nil {
		return nil, err
	}
	srv, err := mcpserve.New(deferTo(d, mcpserve.Config{
		Runtime: rt,
		Approve: approve,
		Limits:  e.Settings.limits(mode),
		Total:   budget.NewShared(e.Settings.MaxToolCallsTotal),
		Logger:  slog.New(slog.NewTextHandler(e.Err, &slog.HandlerOptions{Level: slog.LevelInfo})),
		Tools:   metatools.Mode(e.Settings.Tools),
	}))
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(e.Err, "agent mcp: %s\n", srv.ToolsLine())
	if w := agent.ToolLoadWarning(rt.Role(), rt.Tools()); w != "" && !srv.Searching() {
		fmt.Fprintf(e.Err, "agent mcp: warning: %s\n", w)
	}
	return srv, nil
}

// who names the identity the server acts as in its status line: an operator reading a host's
// log must not be told "anonymous" while AGENT_TOKEN is in use.
func who(e *Env) string {
	switch {
	case os.Getenv(TokenEnv) != "":
		return "the token in " + TokenEnv
	case e.Settings.User == "":
		return "anonymous"
	}
	return "user " + e.Settings.User
}
