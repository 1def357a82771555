// This file is the fourth approval mode, defer: the server never sends a write. Each write is
// recorded as a pending request that a person reviews and confirms later, in another process
// with a credential this server never holds (`agent confirm`); the model is told it was
// recorded, not done. No tool confirms, rejects or lists requests.

package mcpserve

import (
	"errors"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// Defer records every write for a separate confirmation and sends none. It suits a host that
// runs unattended or auto-approves tool calls: nothing leaves until a person confirms.
const Defer Approval = "defer"

// newRun starts one session's run: in defer mode a run that records writes instead of sending.
func (s *Server) newRun(rt *toolrt.Runtime) *toolrt.Run {
	b := budget.New(s.cfg.Limits)
	if s.cfg.Approve == Defer {
		return rt.NewDeferredRun(b, s.cfg.Deferrer)
	}
	return rt.NewRun(b, s.approver())
}

// checkDefer refuses defer mode without a store to record into.
func checkDefer(cfg Config) error {
	if cfg.Approve == Defer && cfg.Deferrer == nil {
		return errors.New("mcpserve: -approve defer needs a pending store (Config.Deferrer)")
	}
	return nil
}
