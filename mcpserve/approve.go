// This file holds the three approval modes for writes and the elicitation approver.

package mcpserve

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// Approval says who approves a write.
type Approval string

const (
	// Deny refuses every write that needs approval: this server cannot ask anyone.
	Deny Approval = "deny"
	// Elicit asks the user through MCP elicitation, showing the exact operation and variables.
	// A client without elicitation gets Deny's refusal.
	Elicit Approval = "elicit"
	// Host sends every write and relies on the host's own confirmation of the tool call. It is
	// the weaker choice: the host shows the arguments the model wrote, not the exact document
	// and variables sent, and many hosts let the user auto-approve a tool for good.
	Host Approval = "host"
)

// ParseApproval reads the -approve flag.
func ParseApproval(s string) (Approval, error) {
	switch a := Approval(s); a {
	case Deny, Elicit, Host, Defer:
		return a, nil
	}
	return "", fmt.Errorf("unknown approval mode %q: use deny, elicit, host or defer", s)
}

// approver chooses the session's approver for toolrt's Run.Call. Elicit mode does not use it:
// it asks through input requests (elicit.go), and its run's approver denies.
func (s *Server) approver() gate.Approver {
	if s.cfg.Approve == Host {
		return hostApprover{}
	}
	return gate.DenyAll{}
}

// canElicit reports whether the client declared form elicitation: at initialize, or under
// 2026-07-28 in the request itself.
func canElicit(caps *mcp.ClientCapabilities) bool {
	if caps == nil || caps.Elicitation == nil {
		return false
	}
	e := caps.Elicitation
	return e.Form != nil || e.URL == nil // neither set means form, for older clients
}

// hostApprover approves every write: the host is trusted to have confirmed the call.
type hostApprover struct{}

func (hostApprover) Approve(context.Context, gate.Request) (gate.Decision, error) {
	return gate.Decision{Approved: true}, nil
}

// confirmSchema asks for nothing but the decision itself: the accept and decline buttons.
var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// ApprovalMessage is what the user reads before deciding: the tool, the exact operation and
// the exact variables that will be sent, escaped so invisible characters show.
func ApprovalMessage(req gate.Request) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Approve this write? Tool %s will send:\n\n", gate.Show(req.Tool))
	op, vars := gate.ShowText(req.Operation), gate.ShowJSON(req.Variables)
	fmt.Fprintf(&b, "%s\n\nvariables: %s\n\n", op, vars)
	if gate.Cut(op, vars) {
		fmt.Fprintf(&b, "Note: %s.\n\n", gate.CutNote)
	}
	fmt.Fprintf(&b, "Accept sends it once; decline or cancel sends nothing. (sha256 %s)", req.Fingerprint())
	return b.String()
}
