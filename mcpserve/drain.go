package mcpserve

// drain.go keeps a stdio session from losing replies. When the client closes stdin right after
// a request (a script piping into the server), the SDK sees end of input and ends the session
// while the tool call is still running, so its reply is never written. The reader here holds the
// end of input back until every request read so far has been answered (or a grace period ends).

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
	"time"
)

// drainGrace bounds how long end of input waits for outstanding replies: a call waiting for an
// answer the closed client can no longer give must not keep the process alive.
const drainGrace = 30 * time.Second

// inflight counts client requests read and not yet answered.
type inflight struct {
	mu      sync.Mutex
	pending int
	idle    chan struct{} // closed and replaced whenever pending drops to zero
}

func newInflight() *inflight { return &inflight{idle: make(chan struct{})} }

func (f *inflight) add(n int) {
	if n == 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pending += n
	if f.pending <= 0 {
		f.pending = 0
		close(f.idle)
		f.idle = make(chan struct{})
	}
}

// wait returns once nothing is pending, ctx ends, or the grace period passes.
func (f *inflight) wait(ctx context.Context, grace time.Duration) {
	t := time.NewTimer(grace)
	defer t.Stop()
	for {
		f.mu.Lock()
		pending, idle := f.pending, f.idle
		f.mu.Unlock()
		if pending == 0 {
			return
		}
		select {
		case <-idle:
		case <-ctx.Done():
			return
		case <-t.C:
			return
		}
	}
}

// lineCounter splits a byte stream into lines and counts the messages of each that count.
type lineCounter struct {
	buf   []byte
	count func(msg map[string]json.RawMessage) int
}

func (c *lineCounter) feed(p []byte) int {
	n := 0
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			if len(c.buf)+len(p) <= MaxMessageBytes { // a longer line ends the session anyway
				c.buf = append(c.buf, p...)
			}
			return n
		}
		line := append(c.buf, p[:i]...)
		c.buf, p = nil, p[i+1:]
		n += c.line(line)
	}
	return n
}

// line counts one JSON-RPC message, or each message of a batch.
func (c *lineCounter) line(line []byte) int {
	var one map[string]json.RawMessage
	if json.Unmarshal(line, &one) == nil {
		return c.count(one)
	}
	var batch []map[string]json.RawMessage
	n := 0
	if json.Unmarshal(line, &batch) == nil {
		for _, m := range batch {
			n += c.count(m)
		}
	}
	return n
}

// isRequest: an id and a method (a notification has no id, a response no method).
func isRequest(m map[string]json.RawMessage) int {
	if m["id"] != nil && m["method"] != nil {
		return 1
	}
	return 0
}

// isResponse: an id and no method.
func isResponse(m map[string]json.RawMessage) int {
	if m["id"] != nil && m["method"] == nil {
		return 1
	}
	return 0
}

// drainReader counts the client's requests and holds back end of input until they are answered.
type drainReader struct {
	io.ReadCloser
	ctx   context.Context
	f     *inflight
	lines lineCounter
}

func (r *drainReader) Read(p []byte) (int, error) {
	n, err := r.ReadCloser.Read(p)
	r.f.add(r.lines.feed(p[:n]))
	if err == io.EOF {
		r.f.wait(r.ctx, drainGrace)
	}
	return n, err
}

// countingWriter counts the replies written.
type countingWriter struct {
	io.WriteCloser
	f     *inflight
	lines lineCounter
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.WriteCloser.Write(p)
	w.f.add(-w.lines.feed(p[:n]))
	return n, err
}

// draining wraps a session's streams so that end of input waits for the outstanding replies.
func draining(ctx context.Context, r io.ReadCloser, w io.WriteCloser) (io.ReadCloser, io.WriteCloser) {
	f := newInflight()
	return &drainReader{ReadCloser: r, ctx: ctx, f: f, lines: lineCounter{count: isRequest}},
		&countingWriter{WriteCloser: w, f: f, lines: lineCounter{count: isResponse}}
}

// nopWriteCloser is stdout, which the session must not close.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
