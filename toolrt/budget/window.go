package budget

// This file holds the ceilings shared by many budgets: a number of calls per caller per time
// window ("100/1m"), which an operator can leave running, where a lifetime count would refuse
// everyone once it was spent. Windows are fixed (aligned to the Unix epoch), so every replica
// computes the same window for the same instant and counts in the same place: a Counter in
// memory for one process, or a store the replicas share (toolrt/pending).

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Rate is a ceiling of N calls in each window of Per.
type Rate struct {
	N   int
	Per time.Duration
}

// ParseRate reads N/DURATION: "100/1m", "1000/1h", "0/1m" (no call at all).
func ParseRate(s string) (Rate, error) {
	n, per, ok := strings.Cut(s, "/")
	if !ok {
		return Rate{}, fmt.Errorf("%q: want CALLS/WINDOW, e.g. 100/1m", s)
	}
	calls, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || calls < 0 {
		return Rate{}, fmt.Errorf("%q: the number of calls must be a whole number, 0 or more, e.g. 100/1m", s)
	}
	d, err := time.ParseDuration(strings.TrimSpace(per))
	if err != nil || d < time.Second {
		return Rate{}, fmt.Errorf("%q: the window must be a duration of a second or more, e.g. 100/1m or 5000/24h", s)
	}
	return Rate{N: calls, Per: d}, nil
}

func (r Rate) String() string { return fmt.Sprintf("%d/%s", r.N, r.Window()) }

// Window prints the window as a person writes it: 1m rather than Go's 1m0s.
func (r Rate) Window() string {
	s := r.Per.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// window is the fixed window holding now: [start, start+Per).
func (r Rate) window(now time.Time) (start, end time.Time) {
	per := r.Per.Milliseconds()
	ms := now.UnixMilli()
	start = time.UnixMilli(ms - ms%per)
	return start, start.Add(r.Per)
}

// Counter counts calls per key and window. Take counts one call under key in [start, end) when
// fewer than ceiling are counted there, and reports the count and whether it took the call.
// toolrt/pending's Store is one, shared by every replica that opens the same database.
type Counter interface {
	Take(ctx context.Context, key string, start, end time.Time, ceiling int) (used int, ok bool, err error)
}

// Ceiling is a tool-call ceiling over many budgets, checked after the budget's own
// (Limits.Shared). Take admits one call or says why not: an *ExceededError, or another error
// when the count could not be taken (a store that does not answer), which refuses the call too.
type Ceiling interface {
	Take() error
	// Remaining is how many calls it would still admit now, as far as this process knows.
	Remaining() int
}

// PerCaller is a Rate for every caller, counted by a Counter.
type PerCaller struct {
	rate    Rate
	counter Counter
	now     func() time.Time
}

// NewPerCaller returns the ceiling rate per caller, counted in c (nil: in this process's memory).
func NewPerCaller(rate Rate, c Counter) *PerCaller {
	if c == nil {
		c = NewMemoryCounter()
	}
	return &PerCaller{rate: rate, counter: c, now: time.Now}
}

// Rate is the ceiling each caller gets.
func (p *PerCaller) Rate() Rate { return p.rate }

// For is the ceiling of one caller, named as the server tells callers apart (a token's subject,
// the configured user).
func (p *PerCaller) For(caller string) Ceiling {
	return &callerCeiling{p: p, key: "calls-per-caller:" + caller}
}

// takeTimeout bounds one count in a shared store, so a store that hangs refuses calls instead of
// holding them.
const takeTimeout = 5 * time.Second

type callerCeiling struct {
	p    *PerCaller
	key  string
	mu   sync.Mutex
	used int // the last count seen in this window
	end  time.Time
}

// ErrUncounted wraps the error of a count that could not be taken: the call is refused.
var ErrUncounted = errors.New("the call could not be counted against the server's ceiling")

func (c *callerCeiling) Take() error {
	now := c.p.now()
	start, end := c.p.rate.window(now)
	ctx, cancel := context.WithTimeout(context.Background(), takeTimeout)
	defer cancel()
	used, ok, err := c.p.counter.Take(ctx, c.key, start, end, c.p.rate.N)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUncounted, err)
	}
	c.mu.Lock()
	c.used, c.end = used, end
	c.mu.Unlock()
	if !ok {
		return &ExceededError{What: "calls per caller", Ceiling: c.p.rate.N, Per: c.p.rate.Per, Retry: end.Sub(now)}
	}
	return nil
}

func (c *callerCeiling) Remaining() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.p.now().Before(c.end) {
		return c.p.rate.N
	}
	return max(c.p.rate.N-c.used, 0)
}

// MemoryCounter counts in this process: the ceiling of one server. Safe for concurrent use.
type MemoryCounter struct {
	mu     sync.Mutex
	counts map[string]memoryWindow
}

type memoryWindow struct {
	start time.Time
	used  int
}

// NewMemoryCounter returns an empty counter.
func NewMemoryCounter() *MemoryCounter { return &MemoryCounter{counts: map[string]memoryWindow{}} }

// Take implements Counter. A key keeps only its current window, so memory grows with the callers
// of one window, not with time.
func (m *MemoryCounter) Take(_ context.Context, key string, start, _ time.Time, ceiling int) (int, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	w := m.counts[key]
	if !w.start.Equal(start) {
		w = memoryWindow{start: start}
	}
	if w.used >= ceiling {
		return w.used, false, nil
	}
	w.used++
	m.counts[key] = w
	return w.used, true, nil
}
