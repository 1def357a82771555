// Package gate is the approval gate in front of every write: a human sees the tool, the exact
// operation and the exact variables that will be sent, and only an explicit yes lets the
// request leave. An approval is bound to the SHA-256 of the exact request body and can be
// redeemed once; a call denied once in a run is denied again without asking.
package gate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sync"
)

// Request describes one write waiting for a decision: what the human is asked about is
// exactly what will be sent.
type Request struct {
	Tool      string
	Operation string          // the catalog's exact document
	Variables json.RawMessage // the exact variables JSON inside the body, after repair
	BodySHA   [32]byte        // SHA-256 of the exact request body
}

// Fingerprint is the body hash in hex, as shown to people and written to the audit trail.
func (r Request) Fingerprint() string { return hex.EncodeToString(r.BodySHA[:]) }

// Decision is an approver's answer.
type Decision struct {
	Approved bool
	// Reason is a short, human-facing word on a denial: "declined", "no answer given",
	// "denied earlier in this run", NoApprover. Never shown to the model.
	Reason string
}

// NoApprover is the Reason of a denial nobody made: no human could be asked (-approve deny, an
// MCP client that cannot elicit). The model is then told so, not that the user declined.
const NoApprover = "no approver"

// Result is what the model reads for this denial: CannotAskResult when nobody could be asked,
// else DeniedResult.
func (d Decision) Result() string {
	if d.Reason == NoApprover {
		return CannotAskResult
	}
	return DeniedResult
}

// Approver asks someone whether one write may be sent. Implementations must return promptly
// with ctx.Err() when ctx is cancelled (Ctrl-C in the console, a closed MCP session).
type Approver interface {
	Approve(ctx context.Context, req Request) (Decision, error)
}

// DenyAll approves nothing; it is the approver when no human can be asked.
type DenyAll struct{}

// Approve always declines.
func (DenyAll) Approve(context.Context, Request) (Decision, error) {
	return Decision{Reason: NoApprover}, nil
}

// ErrNotApproved is returned by Approval.Redeem for a body that was not the approved one, or an
// approval already used.
var ErrNotApproved = errors.New("request body was not approved or the approval was already used")

// Approval is the right to send one approved body once.
type Approval struct {
	mu   sync.Mutex
	sha  [32]byte
	used bool
}

// Redeem checks that body is the approved body and uses the approval up. Call it with the exact
// bytes about to be sent.
func (a *Approval) Redeem(body []byte) error {
	if a == nil {
		return ErrNotApproved
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.used || sha256.Sum256(body) != a.sha {
		return ErrNotApproved
	}
	a.used = true
	return nil
}

// Gate is the per-run front of an Approver: it remembers denials so a repeated denied call is
// refused without asking again, and turns approvals into single-use Approvals. Safe for
// concurrent use.
type Gate struct {
	approver Approver
	mu       sync.Mutex
	denied   map[[32]byte]Decision // the first denial of each body
}

// New returns a gate asking approver; a nil approver denies everything.
func New(approver Approver) *Gate {
	if approver == nil {
		approver = DenyAll{}
	}
	return &Gate{approver: approver, denied: map[[32]byte]Decision{}}
}

// Ask returns an Approval for req, or a denial. An error (a cancelled context) means the run
// is over, not that the call was denied. It is Consult followed by Settle.
func (g *Gate) Ask(ctx context.Context, req Request) (*Approval, Decision, error) {
	d, err := g.Consult(ctx, req)
	if err != nil {
		return nil, Decision{}, err
	}
	return g.Settle(req, d), d, nil
}

// DeniedBefore returns the decision that denied a body with this hash earlier in the run, and
// whether there was one.
func (g *Gate) DeniedBefore(sha [32]byte) (Decision, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	d, ok := g.denied[sha]
	return d, ok
}

// Consult asks the approver about req without recording the answer; Settle does that. A body
// denied earlier in the run is denied again without asking. An error (a cancelled context)
// means the run is over, not that the call was denied.
func (g *Gate) Consult(ctx context.Context, req Request) (Decision, error) {
	if d, ok := g.DeniedBefore(req.BodySHA); ok {
		if d.Reason != NoApprover {
			d.Reason = "denied earlier in this run"
		}
		return d, nil
	}
	if err := ctx.Err(); err != nil {
		return Decision{}, err
	}
	d, err := g.approver.Approve(ctx, req)
	if err != nil {
		return Decision{}, err
	}
	return d, nil
}

// Settle records a decision about req, however it was reached (the approver, or an answer that
// arrived with a retried MCP call): a denial is remembered for the rest of the run and gives a
// nil Approval; an approval becomes a single-use Approval bound to req's body hash.
func (g *Gate) Settle(req Request, d Decision) *Approval {
	if !d.Approved {
		g.mu.Lock()
		if _, ok := g.denied[req.BodySHA]; !ok {
			g.denied[req.BodySHA] = d
		}
		g.mu.Unlock()
		return nil
	}
	return &Approval{sha: req.BodySHA}
}

// DeniedResult is what the model receives for a write a person declined: readable, final, and
// silent on how the gate works, so there is nothing to argue with. CannotAskResult is the same
// when no person could be asked.
const (
	DeniedResult    = `{"denied":"The user declined this write, so it was not sent. Do not repeat it. Tell the user it was not done and ask what they would like instead."}`
	CannotAskResult = `{"denied":"Writes need a person's consent and nobody can be asked for it here, so this one was not sent. Do not repeat it. Tell the user it was not done."}`
)
