// This file asks for approval of a write in elicit mode as a multi-round-trip tool call
// (SEP-2322, protocol 2026-07-28): the first invocation prepares the write and returns one
// elicitation as an input request with an opaque request state; the retried invocation carries
// the user's answer and resumes the prepared write. The SDK's server middleware runs the same
// exchange for clients on older protocol versions: it sends the elicitation itself and
// invokes the handler again with the answer.

package mcpserve

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// approvalKey names the one input request of a write waiting for approval.
const approvalKey = "approval"

// elicitCall runs one tool call (name and raw arguments: the tools/call's own, or those
// call_tool names) in elicit mode. A non-nil *mcp.CallToolResult is an input
// request to return as it is; otherwise the toolrt result is final.
func (s *Server) elicitCall(ctx context.Context, st *session, req *mcp.CallToolRequest, name string, raw []byte) (*mcp.CallToolResult, toolrt.Result, error) {
	p := req.Params
	if p.RequestState != "" || len(p.InputResponses) > 0 {
		if s.cfg.Stateless {
			res, err := s.resumeSigned(ctx, st, req, name, raw)
			return nil, res, err
		}
		res, err := s.resume(ctx, st, req, name, raw)
		return nil, res, err
	}
	pr, res, err := st.run.Prepare(ctx, name, raw)
	if pr == nil {
		return nil, res, err
	}
	if !pr.NeedsApproval() {
		res, err = st.run.Resume(ctx, pr, gate.Decision{})
		return nil, res, err
	}
	if !canElicit(req.ClientCapabilities()) {
		res, err = st.run.Resume(ctx, pr, gate.Decision{Reason: gate.NoApprover})
		return nil, res, err
	}
	if s.cfg.Stateless {
		// The run ends with this request; the retry, on any replica, prepares the call anew
		// and the audit record is written there, once the answer is known.
		return inputRequired(pr.Request(), s.signedState(req, name, raw, pr)), toolrt.Result{}, nil
	}
	state := st.pending.add(pr, raw)
	return inputRequired(pr.Request(), state), toolrt.Result{}, nil
}

// inputRequired is the result asking the client for the user's decision on one write.
func inputRequired(req gate.Request, state string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{approvalKey: &mcp.ElicitParams{
			Mode:            "form",
			Message:         ApprovalMessage(req),
			RequestedSchema: confirmSchema,
		}},
		RequestState: state,
	}
}

// resume finishes the write named by a retried call's request state. Only the same tool with
// the same arguments and an "accept" answer sends; an unknown, used or expired state, other
// arguments or any other answer sends no write and gets the denial, audited.
func (s *Server) resume(ctx context.Context, st *session, req *mcp.CallToolRequest, name string, raw []byte) (toolrt.Result, error) {
	pc := st.pending.take(req.Params.RequestState)
	if pc == nil {
		// No waiting write: nothing is sent, and the refusal is audited like any call's.
		s.cfg.Logger.Warn("mcp retry with an unknown request state", "session", req.Session.ID(), "tool", name)
		if err := st.run.Refuse(name, audit.Denied); err != nil {
			return toolrt.Result{}, err
		}
		return st.run.Resume(ctx, nil, gate.Decision{}) // the denial
	}
	d := decision(pc, name, raw, req.Params.InputResponses)
	if !d.Approved && d.Reason == "mismatched retry" {
		s.cfg.Logger.Warn("mcp retry with another tool or other arguments", "session", req.Session.ID(), "tool", name)
	}
	return st.run.Resume(ctx, pc.prepared, d)
}

// decision reads the user's answer from a retried call that matches its pending write.
func decision(pc *pendingCall, name string, raw []byte, answers mcp.InputResponseMap) gate.Decision {
	if pc.tool != name || pc.argsSHA != argsHash(raw) {
		return gate.Decision{Reason: "mismatched retry"}
	}
	return answerOf(answers)
}

// answerOf reads the user's decision from a retried call's input responses.
func answerOf(answers mcp.InputResponseMap) gate.Decision {
	answer, ok := answers[approvalKey].(*mcp.ElicitResult)
	if !ok || answer == nil {
		return gate.Decision{Reason: "no answer given"}
	}
	if answer.Action != "accept" {
		return gate.Decision{Reason: answer.Action}
	}
	return gate.Decision{Approved: true}
}
