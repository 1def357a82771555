package toolrt

// This file is -approve defer on the confirming side: a separate process, signed in with the
// confirmer's own credential, checks a stored write against its own catalog and sends the
// stored bytes unchanged, once. The pending store decides whether it may send at all.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/toolrt/audit"
)

// StoredWrite is a deferred write read back from the store.
type StoredWrite struct {
	Request string // the request id
	Tool    string
	Body    []byte
	BodySHA string // hex SHA-256 recorded when the write was proposed
	// Caller is the authenticated caller the write was proposed for (pending.Request.Caller),
	// carried into the confirm's audit record so the trail says whose model asked; "" when none.
	Caller string
}

// CheckStored reports whether a stored write is exactly what this runtime would send for one of
// its role's write tools: the hash matches the bytes, and rebuilding the body from its own
// variables through the catalog's operation gives the same bytes. A store edited by hand, a
// tool removed from the catalog or an operation changed since the proposal fails here.
func (r *Runtime) CheckStored(w StoredWrite) error {
	t := r.byName[w.Tool]
	if t == nil || t.Kind != catalog.Mutation {
		of := fmt.Sprintf(" of role %q", r.role)
		if r.role == "" {
			of = ""
		}
		return fmt.Errorf("request %s: tool %q is not a write tool%s in this catalog; it cannot be confirmed here", w.Request, w.Tool, of)
	}
	if catalog.FileDigest(w.Body) != "sha256:"+w.BodySHA {
		return fmt.Errorf("request %s: the stored body does not match its recorded hash sha256:%s; it was changed after it was proposed", w.Request, w.BodySHA)
	}
	var body struct {
		Query         string          `json:"query"`
		Variables     json.RawMessage `json:"variables"`
		OperationName string          `json:"operationName"`
	}
	dec := json.NewDecoder(bytes.NewReader(w.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil {
		return fmt.Errorf("request %s: the stored body is not a tool request: %v", w.Request, err)
	}
	p, err := prepare(t, body.Variables)
	if err != nil {
		return fmt.Errorf("request %s: the stored variables no longer pass %s's input schema: %v", w.Request, w.Tool, err)
	}
	if !bytes.Equal(p.body, w.Body) {
		return fmt.Errorf("request %s: the stored body is not the body this catalog builds for %s (has the catalog changed since it was proposed?)", w.Request, w.Tool)
	}
	return nil
}

// SendStored checks the stored write and sends its bytes unchanged, once, as this runtime's
// identity, with the decision "confirmed" in the audit trail: a "sending" record first, and
// nothing is sent when that cannot be written (Result.Decision is audit.AuditFailed). The
// caller must hold the store's claim on the request: that claim, not this method, makes the
// send happen once.
func (r *Runtime) SendStored(ctx context.Context, w StoredWrite) (Result, error) {
	if err := r.CheckStored(w); err != nil {
		return Result{}, err
	}
	run := &Run{rt: r, id: newID("confirm"), direct: true}
	c := run.newCall(w.Tool)
	c.rec.Decision, c.rec.Request, c.rec.Body, c.rec.Caller = audit.Confirmed, w.Request, "sha256:"+w.BodySHA, w.Caller
	t := r.byName[w.Tool]
	res, err := c.send(ctx, t, &prepared{body: w.Body})
	res, ferr := c.finish(res)
	if ferr != nil {
		err = errors.Join(err, ferr)
	}
	return res, err
}
