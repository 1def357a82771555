package toolrt

// This file is -approve defer on the proposing side: in a deferred run no write is ever sent.
// A write is recorded through a Deferrer as a pending request that a person confirms later in a
// separate process (cmd/agent's `agent confirm`, holding its own credential), and the model is
// told it was recorded, not done.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// Deferrer records a write instead of sending it (toolrt/pending's store implements it).
type Deferrer interface {
	Propose(ctx context.Context, w DeferredWrite) (Receipt, error)
}

// DeferredWrite is everything a confirmer needs to send the write later exactly as prepared.
type DeferredWrite struct {
	// Key is the idempotency key: the run, the tool, the arguments except the model's free
	// text, and the caller when there is one. The same write retried in a run gets the same
	// key; the same key with another body (the same target with other notes) is a conflict.
	Key       string
	Run       string
	Tool      string
	Operation string
	Endpoint  string
	Body      []byte // the exact bytes to send
	BodySHA   [32]byte
	Variables json.RawMessage
	ModelText []ModelText // free-text arguments, shown to the reviewer as the model's words
	User      string
	Role      string
	// Caller is who asked, when a server authenticates its callers (Run.ActFor): the user
	// above is only the server's own login, so a reviewer needs it to know whose model proposed
	// the write. "" otherwise.
	Caller string
	// Catalog names the catalog the write was prepared under: its digest and where it came from
	// (Provenance.Location, so another process can compare it). Zero when the runtime was given
	// no Provenance.
	Catalog Provenance
}

// ModelText is one free-text argument the model wrote, by its path in the arguments.
type ModelText struct{ Path, Value string }

// Receipt is what the store recorded.
type Receipt struct {
	ID      string
	State   string // "pending" unless a retry found the request already decided
	Expires time.Time
	Retried bool // the same write was already recorded in this run
}

// ConflictError is returned by a Deferrer when the key is recorded with another body.
type ConflictError struct{ ID string }

func (e *ConflictError) Error() string { return "conflicts with request " + e.ID }

// NewDeferredRun starts a run that never sends a write: every mutation, whatever its approval
// setting, is recorded through d. Reads run as usual. It counts calls in b like any run.
func (r *Runtime) NewDeferredRun(b *budget.Budget, d Deferrer) *Run {
	run := r.NewRun(b, nil)
	run.deferrer = d
	return run
}

// deferring reports whether this prepared call must be recorded, not sent.
func (run *Run) deferring(pr *Prepared) bool {
	return run.deferrer != nil && pr.t.Kind == catalog.Mutation
}

// propose records the prepared write and builds the model's result. A store failure is the
// model's error result, not the run's end: the write simply did not happen.
func (c *call) propose(ctx context.Context, pr *Prepared) Result {
	w := c.run.deferredWrite(pr)
	c.rec.Decision = audit.Deferred
	rc, err := c.run.deferrer.Propose(ctx, w)
	var conflict *ConflictError
	switch {
	case errors.As(err, &conflict):
		c.rec.Decision, c.rec.Request = audit.Conflict, conflict.ID
		return refused(fmt.Sprintf(conflictText, conflict.ID))
	case err != nil:
		res := refused(storeFailedText)
		res.Ref = exec.NewRef()
		c.rec.Ref = res.Ref
		if log := c.run.rt.client.Log; log != nil {
			log.Warn("a deferred write could not be recorded; nothing was sent", "ref", res.Ref, "tool", pr.t.Name, "err", err)
		}
		return res
	}
	c.rec.Request = rc.ID
	return Result{Text: recordedText(rc), Outcome: "not_sent"}
}

const (
	conflictText    = `{"not_done":"This write was not sent and not recorded: request %s already holds a different version of the same write in this conversation, waiting for a person. Do not repeat it. Tell the user."}`
	storeFailedText = `{"error":"This write was not sent: it could not be recorded for a person to confirm. Tell the user it was not done."}`
)

// recordedText tells the model the write is recorded, not done. It names the request so the
// user can find it; no tool can act on that id.
func recordedText(rc Receipt) string {
	msg := fmt.Sprintf("Recorded, not done: this write was not sent. It is request %s; a person must review and confirm it outside this conversation before %s, or it expires. Tell the user it is waiting for their confirmation. Do not repeat it.",
		rc.ID, rc.Expires.UTC().Format(time.RFC3339))
	if rc.State != "" && rc.State != "pending" {
		msg = fmt.Sprintf("Not done now: this write was already recorded as request %s, which is %s. Do not repeat it. Tell the user.", rc.ID, rc.State)
	}
	b, _ := json.Marshal(map[string]string{"recorded": msg})
	return string(b)
}

func (run *Run) deferredWrite(pr *Prepared) DeferredWrite {
	t, p := pr.t, pr.p
	text, rest := splitModelText(t.InputSchema, p.variables)
	return DeferredWrite{
		Key: idempotencyKey(run.id, run.caller.id, t.Name, rest), Run: run.id, Tool: t.Name, Operation: t.Operation,
		Endpoint: run.rt.client.Endpoint, Body: append([]byte(nil), p.body...), BodySHA: p.sha,
		Variables: append(json.RawMessage(nil), p.variables...), ModelText: text,
		User: run.rt.User(), Role: run.rt.role, Caller: run.caller.id,
		Catalog: Provenance{Digest: run.rt.prov.Digest, Source: run.rt.prov.Location()},
	}
}

// idempotencyKey hashes the run, the tool and the arguments the model's free text left out, so
// a retry matches whatever the model wrote in its notes, and a changed note is caught as a
// conflict rather than becoming a second request. The caller a run acts for (ActFor) is hashed
// too when there is one: a run has one caller, so its retries match as before, and two callers'
// writes never share a key even if their runs did. Without a caller the key is what it always was.
func idempotencyKey(run, caller, tool string, rest []byte) string {
	parts := [][]byte{[]byte(run), []byte(tool), rest}
	if caller != "" {
		parts = append(parts, []byte(caller))
	}
	h := sha256.New()
	for _, part := range parts {
		fmt.Fprintf(h, "%d:", len(part))
		h.Write(part)
	}
	return hex.EncodeToString(h.Sum(nil))
}
