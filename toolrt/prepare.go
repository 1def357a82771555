package toolrt

import (
	"context"
	"sync/atomic"

	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// Prepared is a call that passed every check before approval: counted against the budget
// once, its arguments parsed, repaired and validated, its exact body built and hashed. It waits
// for Resume, which decides, sends those same bytes at most once and writes the call's single
// audit record. A Prepared belongs to the Run that made it and can be resumed once.
//
// Prepare and Resume let a caller ask for approval outside the call, for example an MCP
// server that returns an input request and continues when the client retries.
type Prepared struct {
	c    *call
	t    *tool
	p    *prepared
	req  gate.Request
	need bool
	used atomic.Bool
}

// NeedsApproval reports whether the write waits for a human's decision; a read or a write
// without approval runs on a zero gate.Decision.
func (pr *Prepared) NeedsApproval() bool { return pr.need }

// Request is what the human must be shown: the tool, the exact operation, the exact variables
// and the body hash. It is zero when NeedsApproval is false.
func (pr *Prepared) Request() gate.Request { return pr.req }

// Tool is the prepared call's tool name.
func (pr *Prepared) Tool() string { return pr.t.Name }

// Prepare runs the steps before approval: count → size and parse → repair → validate → build
// the exact body. The budget is counted here and only here. A write denied earlier in the run
// is refused here without asking again.
//
// When the call is refused, Prepare returns a nil *Prepared with the final Result (and, as for
// Call, an error when the run must end); the call is then already audited. Otherwise the Result
// is zero and the caller must pass the Prepared to Resume, which writes the audit record.
func (run *Run) Prepare(_ context.Context, name string, raw []byte) (*Prepared, Result, error) {
	c := run.newCall(name)
	pr, res, err := c.check(name, raw)
	if pr == nil {
		var ferr error
		if res, ferr = c.finish(res); ferr != nil {
			err = ferr // an unrecorded refusal ends the run, whatever else it was
		}
	}
	return pr, res, err
}

// Resume finishes a prepared call with the decision about it: for a write that needs approval
// only an approved decision sends, and the approval is single-use and bound to the body's
// SHA-256; a denial is remembered for the rest of the run. The same bytes that were prepared
// are POSTed, the result bounded and the call audited.
//
// A Prepared that is nil, from another run or already resumed sends nothing and gets the
// denial. Errors mean what they mean for Call.
func (run *Run) Resume(ctx context.Context, pr *Prepared, d gate.Decision) (Result, error) {
	if pr == nil || pr.c.run != run || !pr.used.CompareAndSwap(false, true) {
		return denied(), nil
	}
	c := pr.c
	res, err := refused(d.Result()), error(nil)
	if run.deferring(pr) { // a deferred run never sends a write, whatever the decision says
		res = c.propose(ctx, pr)
	} else if c.approve(pr, d) {
		res, err = c.send(ctx, pr.t, pr.p)
	}
	res, ferr := c.finish(res)
	if ferr != nil {
		err = ferr
	}
	return res, err
}

// abandon ends a prepared call unsent and unsettled (the decision never came because the run
// is ending) and audits it as denied.
func (run *Run) abandon(pr *Prepared) Result {
	res := denied()
	if pr.used.CompareAndSwap(false, true) {
		res, _ = pr.c.finish(res) // the run is ending already; a failed record is remembered by the run
	}
	return res
}

// Expire ends a prepared write that never got its decision because its MCP session or the
// server ended: nothing is sent and the audit trail records it as expired. A Prepared already
// resumed is left alone. The error is the audit trail's.
func (run *Run) Expire(pr *Prepared) error {
	if pr == nil || pr.c.run != run || !pr.used.CompareAndSwap(false, true) {
		return nil
	}
	pr.c.rec.Decision = audit.Expired
	_, err := pr.c.finish(refused(gate.DeniedResult))
	return err
}
