package main

// mcp serves the role's tools to an MCP host: over stdio for a host that spawns the agent, or
// over streamable HTTP on loopback with -http. Stdout carries protocol messages only, so every
// status line goes to stderr.

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt/budget"
)

func init() {
	register(command{
		name: "mcp", order: 50,
		summary: "serve the role's tools over MCP (stdio, or -http on loopback)",
		run:     runMCP,
	})
	os.Args = append(os.Args[:1], splitMCPArgs(os.Args[1:])...)
}

// mcpOptions are the flags only mcp has.
type mcpOptions struct {
	approve     string
	http        string
	allowRemote bool
}

func (o *mcpOptions) define(fs *flag.FlagSet) {
	fs.StringVar(&o.approve, "approve", "deny", "writes: deny (refuse), elicit (ask the user through the MCP client), or host (trust the host's confirmation; weaker)")
	fs.StringVar(&o.http, "http", "", "serve streamable HTTP on this address, e.g. 127.0.0.1:8765, instead of stdio")
	fs.BoolVar(&o.allowRemote, "http-allow-remote", false, "let -http listen on a non-loopback address: whoever reaches it acts as -user")
}

// mcpFlagArity lists mcp's own flags and whether each takes a value.
var mcpFlagArity = map[string]bool{"approve": true, "http": true, "http-allow-remote": false}

// splitMCPArgs moves mcp's own flags behind "--", where the shared flag parser leaves them for
// runMCP. It is a stopgap until the command table lets a command add flags to the shared set.
func splitMCPArgs(args []string) []string {
	if len(args) == 0 || args[0] != "mcp" || slices.Contains(args, "--") {
		return args
	}
	shared, own := []string{args[0]}, []string{}
	for i := 1; i < len(args); i++ {
		a := args[i]
		name, _, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		takesValue, ok := mcpFlagArity[name]
		if !ok || !strings.HasPrefix(a, "-") {
			shared = append(shared, a)
			continue
		}
		own = append(own, a)
		if takesValue && !inline && i+1 < len(args) {
			i++
			own = append(own, args[i])
		}
	}
	if len(own) == 0 {
		return args
	}
	return append(append(shared, "--"), own...)
}

func runMCP(ctx context.Context, e *Env, args []string) error {
	var o mcpOptions
	fs := flag.NewFlagSet("agent mcp", flag.ContinueOnError)
	fs.SetOutput(e.Err)
	o.define(fs)
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return errUsage
	}
	approve, err := mcpserve.ParseApproval(o.approve)
	if err != nil {
		return err
	}
	var ln net.Listener
	if o.http != "" { // refuse a bad address before logging in or starting anything
		if ln, err = mcpserve.Listen(o.http, o.allowRemote); err != nil {
			return err
		}
		defer ln.Close()
	}
	e.Out = e.Err // the embedded server's start line must not land in the protocol stream
	srv, err := newMCPServer(ctx, e, approve)
	if err != nil {
		return err
	}
	if ln == nil {
		fmt.Fprintf(e.Err, "agent mcp: serving role %s as %s over stdio, writes: %s\n", e.Settings.Role, who(e), approve)
		return srv.ServeStdio(ctx)
	}
	fmt.Fprintf(e.Err, "agent mcp: serving role %s as %s at http://%s/, writes: %s\n", e.Settings.Role, who(e), ln.Addr(), approve)
	return srv.ServeHTTP(ctx, ln)
}

// newMCPServer logs in and builds the server; each MCP session gets the settings' tool ceiling.
func newMCPServer(ctx context.Context, e *Env, approve mcpserve.Approval) (*mcpserve.Server, error) {
	mode, err := budget.ParseMode(e.Settings.BudgetMode)
	if err != nil {
		return nil, err
	}
	rt, err := e.Runtime(ctx)
	if err != nil {
		return nil, err
	}
	return mcpserve.New(mcpserve.Config{
		Runtime: rt,
		Approve: approve,
		Limits:  budget.Limits{ModelCalls: e.Settings.MaxModelCalls, ToolCalls: e.Settings.MaxToolCalls, Mode: mode},
		Logger:  slog.New(slog.NewTextHandler(e.Err, &slog.HandlerOptions{Level: slog.LevelInfo})),
	})
}

func who(e *Env) string {
	if e.Settings.User == "" {
		return "anonymous"
	}
	return "user " + e.Settings.User
}
