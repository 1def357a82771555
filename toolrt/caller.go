// This file lets a server that authenticates its callers (agent mcp -http with OAuth) say who
// asked for a run's calls, and send them with the caller's own token.

package toolrt

import (
	"context"

	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// ForwardedUser is the audit record's User of a call sent with its caller's own token.
const ForwardedUser = "(caller's token)"

type callerID struct {
	id        string
	forwarded bool
}

// ActFor names the caller a run's calls are for in every audit record (escaped, as the model
// never writes it but an authorization server does); forwarded says each call is sent with
// that caller's token (WithCallerToken) rather than the runtime's login. Call it before the
// run's first call.
func (run *Run) ActFor(caller string, forwarded bool) *Run {
	run.caller = callerID{id: gate.Show(caller), forwarded: forwarded}
	return run
}

func (run *Run) user() string {
	if run.caller.forwarded {
		return ForwardedUser
	}
	return audit.Who(run.rt.User())
}

// WithCallerToken sends the calls made under ctx with token, the caller's own access token,
// instead of the runtime's credentials: the API then decides what this caller may see. The
// token is redacted from every answer like the runtime's own.
func WithCallerToken(ctx context.Context, token string) context.Context {
	return exec.WithForwardedToken(ctx, token)
}
