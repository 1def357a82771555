package toolrt

// This file keeps the audit trail whole: every record goes through Run.record, and once one
// cannot be written the run refuses every further call, because an action that cannot be
// recorded must not be taken.

import (
	"sync"

	"github.com/toolgen/toolgen/toolrt/audit"
)

// auditFailure remembers the first failed audit write of a run.
type auditFailure struct {
	mu  sync.Mutex
	err error
}

func (f *auditFailure) get() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

func (f *auditFailure) set(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil {
		f.err = err
	}
}

// record appends one audit record; a failure is remembered and returned.
func (run *Run) record(r audit.Record) error {
	if err := run.rt.audit.Write(r); err != nil {
		run.failed.set(err)
		return err
	}
	return nil
}

// Refuse records a call the caller answered without running it: a tool the role does not
// have, a call past the tool-call ceiling, a call in a request that offered no tools. Nothing
// is counted or sent. A non-nil error means the audit trail failed and the run must end.
func (run *Run) Refuse(name string, why audit.Decision) error {
	c := run.newCall(name)
	c.rec.Decision = why
	_, err := c.finish(refused(""))
	return err
}
