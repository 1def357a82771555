package toolrt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/args"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// Result is one tool call's answer for the model.
type Result struct {
	Text string // the text the model reads: data, a structured error or a denial; at most 24,000 characters
	// Data is the API's data as JSON, whole (Text may be cut) and with secrets redacted; nil
	// when none came back. Generated calls decode their typed answers from it.
	Data json.RawMessage
	// IsError: the call failed or was refused (MCP isError). Data next to field errors is not
	// a failure: IsError false, Outcome graphql_errors, the errors in Text.
	IsError bool
	// Decision is the call's decision as its audit record states it: audit.Allowed, Approved or
	// Confirmed when the request went out; otherwise why nothing was sent (audit.Denied,
	// InvalidArgs, UnknownTool, OverBudget, Deferred, AuditFailed...).
	Decision audit.Decision
	Outcome  string // exec's outcome, or "not_sent"
	Ref      string // reference id of a failure whose details are in the log
}

// Fixed texts the model receives when a call is refused before anything is sent.
const (
	budgetText      = `{"error":"the tool-call budget of this run is spent; no further tool calls will run. Answer with what you have."}`
	unknownToolText = `{"error":"there is no tool with that name; use one of the tools you were given"}`
	auditText       = `{"error":"not run: this call could not be recorded, so the run stops here"}`
)

// Run is one agent run or MCP session: a budget, a gate that remembers denials, a run id.
// Call is safe for concurrent use.
type Run struct {
	rt     *Runtime
	id     string
	budget *budget.Budget
	gate   *gate.Gate
	direct bool // Runtime.Direct: no gate, no budget
	failed auditFailure
	// deferrer records writes instead of sending them (NewDeferredRun); nil sends approved writes.
	deferrer Deferrer
	caller   callerID // who asked, when a server authenticates its callers (caller.go)
}

// ID is the run id written to the audit trail.
func (run *Run) ID() string { return run.id }

// Budget is the run's budget (nil when it has none); the model loop calls AllowModelCall on it.
func (run *Run) Budget() *budget.Budget { return run.budget }

// Call executes one tool call in the fixed order: count → size and parse → repair → validate →
// build the exact body → approve → POST the same bytes → bound the result → audit. It is
// Prepare, then the run's approver for a write that needs one, then Resume.
//
// Everything the model did wrong or the server refused comes back as a Result with IsError.
// A non-nil error means the run must end: the budget is spent in stop mode (errors.Is
// budget.ErrExceeded), authentication failed twice (ErrAuth), or ctx was cancelled, for
// example by Ctrl-C during an approval prompt. The Result then still holds a text for the model.
func (run *Run) Call(ctx context.Context, name string, raw []byte) (Result, error) {
	pr, res, err := run.Prepare(ctx, name, raw)
	if pr == nil {
		return res, err
	}
	var d gate.Decision
	if pr.need && !run.deferring(pr) {
		if d, err = run.gate.Consult(ctx, pr.req); err != nil {
			return run.abandon(pr), err
		}
	}
	return run.Resume(ctx, pr, d)
}

// call carries one call's audit record through the steps.
type call struct {
	run   *Run
	start time.Time
	rec   audit.Record
}

func (run *Run) newCall(name string) *call {
	return &call{run: run, start: time.Now(), rec: audit.Record{
		Run: run.id, Role: run.rt.role, User: run.user(), Caller: run.caller.id,
		Catalog: run.rt.prov.Digest, CatalogSource: run.rt.prov.Source, Tool: args.Escape(name), Outcome: "not_sent",
	}}
}

// check runs the steps before approval. A nil *Prepared comes with the final Result.
func (c *call) check(name string, raw []byte) (*Prepared, Result, error) {
	if err := c.run.failed.get(); err != nil {
		c.rec.Decision = audit.AuditFailed
		return nil, refused(auditText), err
	}
	t := c.run.rt.byName[name]
	if t == nil {
		c.rec.Decision = audit.UnknownTool
		return nil, refused(unknownToolText), nil
	}
	if err := c.admit(name); err != nil {
		return nil, refused(overBudgetText(err)), c.stopError(err)
	}
	p, err := prepare(t, raw)
	if err != nil {
		c.rec.Decision = audit.InvalidArgs
		return nil, refused(argsText(err)), nil
	}
	c.rec.Body, c.rec.Args = catalog.FileDigest(p.body), p.variables
	c.rec.Decision = audit.Allowed
	pr := &Prepared{c: c, t: t, p: p}
	if t.Approval != catalog.ApprovalRequired || c.run.direct {
		return pr, Result{}, nil
	}
	pr.need = true
	pr.req = gate.Request{Tool: t.Name, Operation: t.Operation, Variables: p.variables, BodySHA: p.sha}
	c.rec.Decision = audit.Denied
	if d, ok := c.run.gate.DeniedBefore(p.sha); ok {
		return nil, refused(d.Result()), nil
	}
	return pr, Result{}, nil
}

// send POSTs the prepared bytes and records the outcome. A write is recorded as "sending"
// first, and not sent when that record cannot be written.
func (c *call) send(ctx context.Context, t *tool, p *prepared) (Result, error) {
	if t.mutation {
		pre := c.rec
		pre.Time, pre.Outcome = c.start.UTC(), audit.OutcomeSending
		if err := c.run.record(pre); err != nil {
			c.rec.Decision = audit.AuditFailed
			return refused(auditText), err
		}
	}
	out, err := c.run.rt.client.Do(ctx, p.body, t.mutation)
	c.rec.Outcome, c.rec.Status, c.rec.Bytes, c.rec.Ref = string(out.Outcome), out.Status, out.Bytes, out.Ref
	if err != nil && errors.Is(err, exec.ErrAuth) {
		out.Text, out.IsError = `{"error":"the API did not accept the signed-in user; the run stops here"}`, true
	}
	return Result{Text: out.Text, Data: out.Data, IsError: out.IsError, Outcome: string(out.Outcome), Ref: out.Ref}, err
}

// admit counts the call against the budget; the direct path has none.
func (c *call) admit(name string) error {
	if c.run.direct || c.run.budget == nil {
		return nil
	}
	if err := c.run.budget.AllowToolCall(name); err != nil {
		c.rec.Decision = audit.OverBudget
		return err
	}
	return nil
}

// overBudgetText tells the model which ceiling refused the call: a run's is spent for good, a
// windowed one (calls per caller per minute) opens again, and a count that could not be taken
// (the server's store did not answer) may succeed in a moment.
func overBudgetText(err error) string {
	var ee *budget.ExceededError
	switch {
	case errors.As(err, &ee) && ee.Per > 0:
		return fmt.Sprintf(`{"error":"this server's ceiling of %d calls per %s for each caller is reached; nothing was sent. Calls are admitted again in %s: tell the user, or answer with what you have."}`,
			ee.Ceiling, budget.Rate{N: ee.Ceiling, Per: ee.Per}.Window(), ee.Retry.Round(time.Second))
	case errors.Is(err, budget.ErrUncounted):
		return `{"error":"this server cannot count the call against its ceiling right now (its store does not answer), so nothing was sent; try again in a moment"}`
	}
	return budgetText
}

// stopError keeps the budget's error only in stop mode; in error mode the model gets the
// refusal as a result and the run goes on.
func (c *call) stopError(err error) error {
	if c.run.budget.Mode() == budget.Error {
		return nil
	}
	return err
}

// approve settles the decision on a write that needs a human. It reports whether the call may
// be sent; the audit record says approved or denied.
func (c *call) approve(pr *Prepared, d gate.Decision) bool {
	if !pr.need {
		return true
	}
	approval := c.run.gate.Settle(pr.req, d)
	// Redeeming with the bytes about to be sent proves they are the bytes the human saw.
	if approval == nil || approval.Redeem(pr.p.body) != nil {
		return false
	}
	c.rec.Decision = audit.Approved
	return true
}

// finish writes the call's audit record and gives res its decision, so that the Result and
// the record always say the same. An error means the trail failed and the run must end.
func (c *call) finish(res Result) (Result, error) {
	c.rec.Time = c.start.UTC()
	c.rec.DurationMS = time.Since(c.start).Milliseconds()
	res.Decision = c.rec.Decision
	return res, c.run.record(c.rec)
}

// refused is a result for a call that sent nothing; finish gives it the record's decision.
func refused(text string) Result {
	return Result{Text: text, IsError: true, Outcome: "not_sent"}
}

// denied is the result of a write that was not approved, before any call record says so.
func denied() Result {
	r := refused(gate.DeniedResult)
	r.Decision = audit.Denied
	return r
}

func argsText(err error) string {
	var ae *args.Error
	if errors.As(err, &ae) {
		return ae.JSON()
	}
	return `{"error":"invalid_arguments"}`
}
