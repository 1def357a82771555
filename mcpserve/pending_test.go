package mcpserve

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
)

// prepareWrite prepares one write on run with a note, so each body is distinct.
func prepareWrite(t *testing.T, run *toolrt.Run, n int) (*toolrt.Prepared, []byte) {
	t.Helper()
	raw := []byte(note(fmt.Sprint(n)))
	pr, res, err := run.Prepare(context.Background(), "addWatchListItem", raw)
	if pr == nil || err != nil {
		t.Fatalf("prepare: %v %+v", err, res)
	}
	return pr, raw
}

func TestPendingWritesExpire(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	run := f.rt.NewRun(nil, nil) // no ceilings
	p := newPendingCalls(run)
	now := time.Now()
	p.now = func() time.Time { return now }
	pr, raw := prepareWrite(t, run, 1)
	state := p.add(pr, raw)
	now = now.Add(PendingTTL)
	if pc := p.take(state); pc != nil {
		t.Fatal("an expired write was still waiting")
	}
	// The expired write was settled as a denial: resuming it now sends nothing.
	if res, _ := run.Resume(context.Background(), pr, approve()); res.Decision != audit.Denied {
		t.Fatalf("expired write resumed: %+v", res)
	}
}

func TestPendingWritesAreBounded(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	run := f.rt.NewRun(nil, nil) // no ceilings
	p := newPendingCalls(run)
	var states []string
	for i := range MaxPending + 1 {
		pr, raw := prepareWrite(t, run, i)
		states = append(states, p.add(pr, raw))
	}
	if len(p.calls) != MaxPending {
		t.Fatalf("%d writes waiting, want at most %d", len(p.calls), MaxPending)
	}
	if p.take(states[0]) != nil {
		t.Fatal("the oldest write was not dropped")
	}
	pc := p.take(states[MaxPending])
	if pc == nil {
		t.Fatal("the newest write was dropped")
	}
	if res, _ := run.Resume(context.Background(), pc.prepared, approve()); res.IsError {
		t.Fatalf("newest write: %s", res.Text)
	}
	p.close()
	if len(p.calls) != 0 || f.itemCount(t) != before+1 {
		t.Fatalf("after close: %d waiting, items %d -> %d", len(p.calls), before, f.itemCount(t))
	}
}

func TestArgsHashIgnoresOnlyWhitespace(t *testing.T) {
	t.Parallel()
	a := argsHash([]byte(`{"a": 1, "b": [2]}`))
	if a != argsHash([]byte(`{"a":1,"b":[2]}`)) {
		t.Error("whitespace changed the hash")
	}
	if a == argsHash([]byte(`{"a":1,"b":[3]}`)) || a == argsHash([]byte(`{"b":[2],"a":1}`)) {
		t.Error("different arguments hash alike")
	}
}
