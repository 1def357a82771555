package main

// call runs one tool with every argument check but no model or budget: the wiring check a
// person types. A write goes as -approve says (host by default: the person typed it; see
// callTool). It logs in when -user is set.

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
)

func init() {
	register(command{
		name: "call", order: 20,
		summary: "run one tool against the endpoint: argument checks, no model, no budget; writes as -approve says (default host: sent as typed)",
		prompt:  `tool name and JSON arguments, e.g. movie {"id":"42"}`,
		run:     runCall,
		usage:   `TOOL ['{"arg":"value"}']`,
		args:    "TOOL  a tool of the role (agent catalog lists them)\nJSON  its arguments as one JSON object (default: {})",
		groups:  []string{"catalog", "runtime", "approve"}, // see callTool; -approve defer refuses writes, no store is opened
		login:   true,
	})
}

func runCall(ctx context.Context, e *Env, args []string) error {
	if len(args) == 0 {
		fmt.Fprintln(e.Err, `usage: agent call [flags] TOOL ['{"arg":"value"}']`)
		return errUsage
	}
	raw := strings.Join(args[1:], " ")
	rt, err := e.Runtime(ctx)
	if err != nil {
		return err
	}
	if user := rt.User(); user != "" {
		fmt.Fprintf(e.Out, "user      : %s\n", user)
	}
	fmt.Fprintf(e.Out, "tool      : %s\narguments : %s\n", args[0], raw)
	if err := e.refuseDeferredWrite(rt, args[0]); err != nil {
		return err
	}
	write := needsApproval(rt, args[0])
	res, err := e.callTool(ctx, rt, args[0], []byte(raw), write)
	if res.Text == "" && err != nil {
		return err // refused before anything was sent
	}
	// The API's text: no escape sequence reaches the terminal, and a cut result's marker reads
	// on its own line.
	fmt.Fprintln(e.Out, gate.EscapeLines(res.Text))
	if res.Decision == audit.Allowed && write && e.Settings.Approve == approveHost {
		fmt.Fprintf(e.Err, "agent call: %s is a write that waits for approval in `agent` and `agent mcp`; call sent it with no gate (a person typed it)\n", args[0])
	}
	if err != nil || !res.IsError && res.Outcome != graphQLErrors {
		return err
	}
	return callFailure(args[0], e.Settings, res)
}

// The -approve values are mcpserve's approval modes; call and the agent loop give host, elicit
// and deny their console meaning (host: the person typed it), and defer is refuseDeferredWrite's
// and NewRun's.
const (
	approveHost   = string(mcpserve.Host)
	approveElicit = string(mcpserve.Elicit)
	approveDeny   = string(mcpserve.Deny)
	approveDefer  = string(mcpserve.Defer)
)

// callTool sends one call. A write the gate would hold goes as -approve says: host sends it
// (the person typed it), elicit asks here first, anything else (deny) refuses it unsent: the
// flag was listed and ignored, and deny sent the write.
func (e *Env) callTool(ctx context.Context, rt *toolrt.Runtime, tool string, raw []byte, write bool) (toolrt.Result, error) {
	switch {
	case !write || e.Settings.Approve == approveHost:
		return rt.Direct(ctx, tool, raw)
	case e.Settings.Approve == approveElicit:
		return rt.NewRun(nil, e.Approver()).Call(ctx, tool, raw)
	}
	return toolrt.Result{}, fmt.Errorf("%s is a write and -approve is %s: nothing was sent; pass -approve host to send it as typed, or -approve elicit to confirm it at the prompt", tool, e.Settings.Approve)
}

// needsApproval reports whether the role's tool is a write the gate would hold.
func needsApproval(rt *toolrt.Runtime, tool string) bool {
	for _, d := range rt.Tools() {
		if d.Name == tool {
			return d.NeedsHuman
		}
	}
	return false
}

// Outcomes of a call (toolrt's exec): the identity was refused; the API answered with errors,
// next to its data or instead of it.
const (
	unauthenticated = "unauthenticated"
	graphQLErrors   = "graphql_errors"
)

// callFailure is the one line that makes a refused or failed call exit non-zero. Its hints
// name the catalog and role in use, so that they can be pasted as they are.
func callFailure(tool string, s Settings, res toolrt.Result) error {
	switch res.Decision {
	case audit.UnknownTool:
		if s.Role == "" {
			return fmt.Errorf("no tool %q in the catalog; `%s` lists them", tool, catalogCommand(s))
		}
		return fmt.Errorf("no tool %q for role %q; `%s` lists them", tool, s.Role, catalogCommand(s))
	case audit.InvalidArgs:
		return fmt.Errorf("invalid arguments for %s (see above); `echo %s | %s` prints its input schema", tool, shellWord(tool), catalogCommand(s))
	}
	if res.Outcome == unauthenticated {
		return refusedIdentity(tool, s.TokenHeader)
	}
	if !res.IsError {
		// data with field errors: not a failed call (MCP hands it back without isError), but
		// a script should not take the answer for whole
		return fmt.Errorf("the %s call answered with errors next to its data (see above): some fields are missing", tool)
	}
	return fmt.Errorf("the %s call failed (see above)", tool)
}

// catalogCommand is the `agent catalog` command line for the catalog and role of s.
func catalogCommand(s Settings) string {
	cmd := "agent catalog"
	if s.Catalog != "" {
		cmd += " -catalog " + shellWord(s.Catalog)
	}
	if s.Role != "" {
		cmd += " " + shellWord(s.Role)
	}
	return cmd
}

// shellWord quotes w for a POSIX shell unless it is plainly one word.
func shellWord(w string) string {
	plain := w != ""
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@+,", r)) {
			plain = false
		}
	}
	if plain {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// refusedIdentity says what to do when the API refused who the call ran as. With AGENT_TOKEN
// set, that is the token (never printed); otherwise the call was anonymous.
func refusedIdentity(tool, tokenHeader string) error {
	if os.Getenv(TokenEnv) != "" {
		hint := ""
		if tokenHeader == "" {
			// the likeliest mistake with a token that is fine: the API reads another header
			hint = " It went out as \"Authorization: Bearer …\"; if the API reads its token from another header, name it with -token-header (e.g. -token-header 'x-api-key:'); the API's answer is logged above."
		}
		return fmt.Errorf("the API refused $%s for %s: it is expired, revoked, not a token of this API, or sent in a header the API does not read. Sign in again where it was issued and export the new one as %s, or unset it and sign in with -user NAME and %s.%s", TokenEnv, tool, TokenEnv, passwordEnv, hint)
	}
	return fmt.Errorf("the API refused the %s call: it needs a signed-in user; pass -user NAME with %s, or export %s", tool, passwordEnv, TokenEnv)
}
