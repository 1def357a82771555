// This file holds the writes waiting for an answer to their elicitation: under protocol
// 2026-07-28 a tool call that needs approval returns an input request and an opaque request
// state, and the client retries the call with the user's answer.

package mcpserve

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// Bounds of the writes waiting for an answer in one session.
const (
	// PendingTTL is how long a write waits for the client's retry; after it, it is denied.
	PendingTTL = 5 * time.Minute
	// MaxPending is how many writes may wait at once; a new one denies the oldest.
	MaxPending = 8
)

// pendingCall is one prepared write waiting for the retried call that carries the answer. It
// is bound to its session (it lives in the session's table), its tool and its raw arguments.
type pendingCall struct {
	prepared *toolrt.Prepared
	tool     string
	argsSHA  [32]byte
	expires  time.Time
	added    int // order of arrival, for evicting the oldest
}

// pendingCalls is one session's table of waiting writes, keyed by the random request state
// handed to the client. The client's state is only ever a key: nothing in it is trusted.
type pendingCalls struct {
	run     *toolrt.Run
	now     func() time.Time
	mu      sync.Mutex
	calls   map[string]*pendingCall
	seq     int
	closing sync.Mutex // held for a whole close, records included, so a second close waits for them
}

func newPendingCalls(run *toolrt.Run) *pendingCalls {
	return &pendingCalls{run: run, now: time.Now, calls: map[string]*pendingCall{}}
}

// add stores a prepared write and returns the request state that names it. Expired entries
// and, over MaxPending, the oldest are denied on the way.
func (p *pendingCalls) add(pr *toolrt.Prepared, raw []byte) string {
	id := rand.Text()
	p.mu.Lock()
	stale := p.expiredLocked()
	for len(p.calls) >= MaxPending {
		stale = append(stale, p.removeLocked(p.oldestLocked()))
	}
	p.seq++
	p.calls[id] = &pendingCall{prepared: pr, tool: pr.Tool(), argsSHA: argsHash(raw), expires: p.now().Add(PendingTTL), added: p.seq}
	p.mu.Unlock()
	p.deny(stale, "no answer given")
	return id
}

// take removes and returns the live entry named by state, or nil: unknown, already used and
// expired states all come back nil. Each entry can be taken once.
func (p *pendingCalls) take(state string) *pendingCall {
	p.mu.Lock()
	stale := p.expiredLocked()
	pc := p.calls[state]
	delete(p.calls, state)
	p.mu.Unlock()
	p.deny(stale, "no answer given")
	return pc
}

// close ends every waiting write unsent, recorded as expired: the session or the server is
// over and no answer can come. It is safe to call more than once.
func (p *pendingCalls) close() {
	p.closing.Lock()
	defer p.closing.Unlock()
	p.mu.Lock()
	var all []*pendingCall
	for id := range p.calls {
		all = append(all, p.removeLocked(id))
	}
	p.mu.Unlock()
	for _, pc := range all {
		_ = p.run.Expire(pc.prepared) // a failed record is remembered by the run
	}
}

func (p *pendingCalls) expiredLocked() []*pendingCall {
	var out []*pendingCall
	now := p.now()
	for id, pc := range p.calls {
		if !now.Before(pc.expires) {
			out = append(out, p.removeLocked(id))
		}
	}
	return out
}

func (p *pendingCalls) oldestLocked() string {
	ids := make([]string, 0, len(p.calls))
	for id := range p.calls {
		ids = append(ids, id)
	}
	return slices.MinFunc(ids, func(a, b string) int { return p.calls[a].added - p.calls[b].added })
}

func (p *pendingCalls) removeLocked(id string) *pendingCall {
	pc := p.calls[id]
	delete(p.calls, id)
	return pc
}

// deny settles abandoned writes as denials, so each still gets its one audit record. Nothing is
// sent, so no context is needed.
func (p *pendingCalls) deny(calls []*pendingCall, reason string) {
	for _, pc := range calls {
		_, _ = p.run.Resume(context.Background(), pc.prepared, gate.Decision{Reason: reason})
	}
}

// argsHash is the SHA-256 of the raw arguments, compacted so whitespace a client adds when it
// re-sends them does not matter; any other difference does.
func argsHash(raw []byte) [32]byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return sha256.Sum256(raw)
	}
	return sha256.Sum256(buf.Bytes())
}
