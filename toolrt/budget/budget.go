// Package budget holds the ceilings of one run: model calls, tool calls and optional per-tool
// calls, and a ceiling shared by many runs (calls per caller per time window, window.go). A
// call counts when it is admitted, before any approval or request, and a refused call is never
// counted by the run, so the summary can never report more than the ceilings allow.
package budget

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Defaults from the seed: a Movie Database concierge that needs more has already gone wrong.
const (
	DefaultModelCalls = 8
	DefaultToolCalls  = 6
)

// Mode says what happens when a tool call hits a ceiling.
type Mode string

// The two modes; Stop is the default.
const (
	// Stop ends the run: Call returns an error wrapping ErrExceeded.
	Stop Mode = "stop"
	// Error hands the model an error result instead and lets it finish its answer.
	Error Mode = "error"
)

// ErrExceeded is wrapped by every *ExceededError, for errors.Is.
var ErrExceeded = errors.New("run budget exceeded")

// ExceededError says which ceiling refused a call.
type ExceededError struct {
	What    string // "model calls", "tool calls", "calls of <tool>" or "calls per caller"
	Ceiling int
	// Per is a windowed ceiling's window, Retry how long until the next one starts; both zero for
	// a run's ceilings, which never reset.
	Per, Retry time.Duration
}

func (e *ExceededError) Error() string {
	if e.Per > 0 {
		return fmt.Sprintf("ceiling exceeded: %s %s reached; the next window starts in %s", e.What, Rate{e.Ceiling, e.Per}, e.Retry.Round(time.Second))
	}
	return fmt.Sprintf("run budget exceeded: %s ceiling %d reached", e.What, e.Ceiling)
}

// Unwrap lets errors.Is(err, ErrExceeded) match.
func (e *ExceededError) Unwrap() error { return ErrExceeded }

// Limits are the ceilings of one run, taken as written: a zero ModelCalls or ToolCalls allows
// no call at all (Defaults gives the usual ceilings). A negative ceiling is a configuration
// error that Check reports; New treats it as zero, so it never means "no limit".
type Limits struct {
	ModelCalls int
	ToolCalls  int
	PerTool    map[string]int // optional; a tool that is absent has only the ToolCalls ceiling
	Mode       Mode           // "" means Stop
	// Shared, when set, is a ceiling over many budgets (an MCP server's calls per caller per
	// minute, window.go): a call must fit both this budget and the shared one.
	Shared Ceiling
}

// Budget counts the calls of one run. It is safe for concurrent use: one MCP session or one
// agent run shares a single Budget across goroutines.
type Budget struct {
	mu      sync.Mutex
	limits  Limits
	model   int
	tool    int
	perTool map[string]int
}

// Defaults are the usual ceilings of a run: DefaultModelCalls and DefaultToolCalls. The mode
// is left to the caller's default (New: Stop; an MCP server: Error).
func Defaults() Limits {
	return Limits{ModelCalls: DefaultModelCalls, ToolCalls: DefaultToolCalls}
}

// Check refuses a negative ceiling, naming the setting by the name the user gave it
// (flags maps "model calls", "tool calls" and "calls of <tool>" to flag names; absent keys
// are named as they are).
func (l Limits) Check(flags map[string]string) error {
	name := func(what string) string {
		if f, ok := flags[what]; ok {
			return f
		}
		return what
	}
	bad := func(what string, n int) error {
		return fmt.Errorf("%s %d: a ceiling cannot be negative; use 0 to allow no call at all", name(what), n)
	}
	if l.ModelCalls < 0 {
		return bad("model calls", l.ModelCalls)
	}
	if l.ToolCalls < 0 {
		return bad("tool calls", l.ToolCalls)
	}
	for tool, n := range l.PerTool {
		if n < 0 {
			return bad("calls of "+tool, n)
		}
	}
	return nil
}

// New returns a budget with exactly the given limits; a zero ceiling allows nothing.
func New(l Limits) *Budget {
	if l.Mode == "" {
		l.Mode = Stop
	}
	return &Budget{limits: l, perTool: map[string]int{}}
}

// ParseMode reads a mode name from a flag or a config file.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", Stop:
		return Stop, nil
	case Error:
		return Error, nil
	}
	return "", fmt.Errorf("budget mode %q: want stop or error", s)
}

// Mode reports what the run does when a tool call is refused.
func (b *Budget) Mode() Mode { return b.limits.Mode }

// AllowModelCall admits one model call, or returns an *ExceededError and counts nothing.
// The model loop calls it before every request to the model.
func (b *Budget) AllowModelCall() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.model >= max(b.limits.ModelCalls, 0) {
		return &ExceededError{What: "model calls", Ceiling: max(b.limits.ModelCalls, 0)}
	}
	b.model++
	return nil
}

// AllowToolCall admits one call of tool, or returns an *ExceededError and counts nothing.
// Both ceilings are checked before either counter moves, so a refusal leaves no trace.
func (b *Budget) AllowToolCall(tool string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tool >= max(b.limits.ToolCalls, 0) {
		return &ExceededError{What: "tool calls", Ceiling: max(b.limits.ToolCalls, 0)}
	}
	if ceiling, ok := b.limits.PerTool[tool]; ok && b.perTool[tool] >= ceiling {
		return &ExceededError{What: "calls of " + tool, Ceiling: ceiling}
	}
	if b.limits.Shared != nil {
		if err := b.limits.Shared.Take(); err != nil { // last, so a refusal here counts nothing
			return err
		}
	}
	b.tool++
	b.perTool[tool]++
	return nil
}

// RemainingToolCalls is how many more tool calls the run-wide ceiling admits; per-tool
// ceilings may refuse some of them. The model loop takes at most this many calls from one reply.
func (b *Budget) RemainingToolCalls() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := max(b.limits.ToolCalls-b.tool, 0)
	if s := b.limits.Shared; s != nil {
		n = min(n, s.Remaining())
	}
	return n
}

// Counts returns the admitted model and tool calls so far.
func (b *Budget) Counts() (model, tool int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.model, b.tool
}

// Ceilings returns the model-call and tool-call ceilings, for frameworks that enforce their own.
func (b *Budget) Ceilings() (model, tool int) {
	return max(b.limits.ModelCalls, 0), max(b.limits.ToolCalls, 0)
}

// Summary is the line printed at the end of a run, e.g.
// "4 model calls (ceiling 8), 3 tool calls (ceiling 6)".
func (b *Budget) Summary() string {
	model, tool := b.Counts()
	mc, tc := b.Ceilings()
	return fmt.Sprintf("%d model calls (ceiling %d), %d tool calls (ceiling %d)", model, mc, tool, tc)
}
