package main

// mcp serves the role's tools to an MCP host: over stdio for a host that spawns the agent, or
// over streamable HTTP on loopback with -http. Stdout carries protocol messages only, so every
// status line goes to stderr.

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"

	"github.com/toolgen/toolgen/agent"
	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
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
	if err := o.MCPIdentity.check(o.HTTP != ""); err != nil {
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
	tel, stopTel, err := otelProviders(ctx, o.OTel)
	if err != nil {
		return err
	}
	defer stopTel()
	srv, roles, err := newMCPServer(ctx, e, approve, tel)
	if err != nil {
		return err
	}
	if ln == nil {
		fmt.Fprintf(e.Err, "agent mcp: serving %s as %s over stdio, writes: %s\n", roleLabel(e.Settings.Role), who(e), approve)
		return srv.ServeIO(ctx, &linesReader{ctx: ctx, lines: e.Lines}, nopWriteCloser{stdout})
	}
	fmt.Fprintf(e.Err, "agent mcp: serving %s at http://%s/, writes: %s%s\n", servedAs(e, roles), ln.Addr(), approve, map[bool]string{true: ", stateless"}[o.Stateless])
	return srv.ServeHTTP(ctx, ln)
}

// newMCPServer logs in and builds the server; each MCP session gets the settings' tool ceiling.
// It returns the roles served.
func newMCPServer(ctx context.Context, e *Env, approve mcpserve.Approval, tel mcpserve.Telemetry) (*mcpserve.Server, []string, error) {
	mode, err := budget.ParseMode(e.Settings.BudgetMode)
	if err != nil {
		return nil, nil, err
	}
	d, err := e.deferrer(approve == mcpserve.Defer)
	if err != nil {
		return nil, nil, err
	}
	roleGiven, err := e.firstServedRole()
	if err != nil {
		return nil, nil, err
	}
	rt, err := e.newRuntime(ctx)
	if err != nil {
		return nil, nil, err
	}
	perCaller, where, err := e.perCaller()
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(e.Err, "agent mcp: ceiling %s\n", where)
	var checks []mcpserve.Check
	if e.store != nil { // opened for deferred writes or the shared ceiling: /readyz checks it
		checks = append(checks, mcpserve.Check{Name: "store", Ready: e.store.Ping})
	}
	cfg := deferTo(d, mcpserve.Config{
		Runtime:   rt,
		Approve:   approve,
		Limits:    e.Settings.limits(mode),
		PerCaller: perCaller,
		Checks:    checks,
		Logger:    slog.New(slog.NewTextHandler(e.Err, &slog.HandlerOptions{Level: slog.LevelInfo})),
		Telemetry: tel,
		Tools:     metatools.Mode(e.Settings.Tools),
	})
	if err := e.mcpServing(ctx, &cfg, roleGiven); err != nil {
		return nil, nil, err
	}
	var roles []string
	for _, rt := range append([]*toolrt.Runtime{rt}, cfg.Runtimes...) {
		if err := signIn(ctx, e, rt); err != nil {
			return nil, nil, err
		}
		roles = append(roles, cmp.Or(rt.Role(), "(every tool)"))
	}
	srv, err := mcpserve.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(e.Err, "agent mcp: %s\n", srv.ToolsLine())
	for _, rt := range append([]*toolrt.Runtime{rt}, cfg.Runtimes...) {
		if w := agent.ToolLoadWarning(rt.Role(), rt.Tools()); w != "" && !srv.Searching() {
			fmt.Fprintf(e.Err, "agent mcp: warning: %s\n", w)
		}
	}
	return srv, roles, nil
}

// signIn signs in at start, as every command does, but a server outlives an API that is down
// when it starts: then it serves anyway, each call answers that the API is unavailable, and the
// first call (or /readyz) after the API is back signs in. Credentials the API refuses still stop
// it here, where a person reads why.
func signIn(ctx context.Context, e *Env, rt *toolrt.Runtime) error {
	err := rt.Login(ctx)
	if errors.Is(err, toolrt.ErrUnavailable) {
		fmt.Fprintf(e.Err, "agent mcp: warning: could not sign in (%v); serving anyway: calls answer that the API is unavailable until one signs in\n", err)
		return nil
	}
	return err
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
