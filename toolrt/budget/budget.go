// Package budget holds the ceilings of one run: model calls, tool calls and optional per-tool
// calls. A call counts when it is admitted, before any approval or request, and a refused call
// is never counted, so the summary can never report more than the ceilings allow.
package budget

import (
	"errors"
	"fmt"
	"sync"
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
	What    string // "model calls", "tool calls" or "calls of <tool>"
	Ceiling int
}

func (e *ExceededError) Error() string {
	return fmt.Sprintf("run budget exceeded: %s ceiling %d reached", e.What, e.Ceiling)
}

// Unwrap lets errors.Is(err, ErrExceeded) match.
func (e *ExceededError) Unwrap() error { return ErrExceeded }

// Limits are the ceilings of one run. A zero ModelCalls or ToolCalls means the default;
// a negative one means no call at all is allowed.
type Limits struct {
	ModelCalls int
	ToolCalls  int
	PerTool    map[string]int // optional; a tool that is absent has only the ToolCalls ceiling
	Mode       Mode           // "" means Stop
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

// New returns a budget with the given limits, defaults filled in.
func New(l Limits) *Budget {
	if l.ModelCalls == 0 {
		l.ModelCalls = DefaultModelCalls
	}
	if l.ToolCalls == 0 {
		l.ToolCalls = DefaultToolCalls
	}
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
	b.tool++
	b.perTool[tool]++
	return nil
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
