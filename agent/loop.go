package agent

// This file is one turn of the loop: while the budget allows a model call, ask the model; run
// the tools it asks for through toolrt; stop at an answer, a budget ceiling, an unknown tool or
// a model that keeps sending arguments the schema refuses.

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// MaxInvalidArgs is how many refused argument sets one tool may get per turn before the turn ends.
const MaxInvalidArgs = 3

// A turn ends without an error in one of four decisions, the audit trail's words:
// audit.Answered (the model answered in words), audit.OverBudget (the model-call ceiling came
// before an answer), audit.UnknownTool (the model named a tool this role does not have) or
// audit.InvalidArgs (MaxInvalidArgs refused argument sets for one tool).

// Texts the model reads for calls the loop did not send. They describe, they do not instruct
// the model how to get around anything.
const (
	notOfferedText = `{"error":"not run: this request offered no tools; answer with what you have"}`
	notRunText     = `{"error":"not run: the turn ended before this call"}`
	unknownText    = `{"error":"not run: no tool has that name, so nothing in this reply was sent"}`
	ceilingText    = `{"error":"not run: the run's tool-call ceiling was reached"}`
	droppedText    = `{"error":"not run: %s; %d calls of this reply were not run"}`
	finalAsk       = "No more tool calls are available in this run. Answer the user now in plain " +
		"words with what you have, and say plainly what was not done."
)

// turn is the state of one turn: refused argument sets per tool.
type turn struct {
	invalid map[string]int
}

// Turn adds the user's text to the conversation and runs the loop until the turn ends. A
// non-nil error ends the whole conversation: the model server failed, authentication failed,
// or ctx was cancelled.
func (a *Agent) Turn(ctx context.Context, text string) (audit.Decision, error) {
	a.msgs = append(a.msgs, message{Role: roleUser, Content: text})
	t := &turn{invalid: map[string]int{}}
	for {
		if err := ctx.Err(); err != nil {
			return "", err // Ctrl-C: nothing new starts
		}
		final, ok := a.nextCall()
		if !ok {
			a.printStopped()
			return audit.OverBudget, nil
		}
		reply, err := a.ask(ctx, final)
		if errors.Is(err, budget.ErrExceeded) {
			a.printStopped()
			return audit.OverBudget, nil
		}
		if err != nil {
			return "", err
		}
		calls := a.ids.calls(reply)
		if len(calls) == 0 {
			a.answer(replyText(reply))
			return audit.Answered, nil
		}
		taken := a.taken(calls, final)
		a.msgs = append(a.msgs, assistantCalls(replyText(reply), kept(calls, taken), taken))
		if end, err := a.runCalls(ctx, t, calls, taken, final); end != "" || err != nil {
			return end, err
		}
	}
}

// nextCall reports whether the budget allows another model call, and whether that call is the
// final one, which goes out without tools: the last call the model ceiling allows, or any call
// once no tool call can run.
func (a *Agent) nextCall() (final, ok bool) {
	m, t := a.budget.Counts()
	mc, tc := a.budget.Ceilings()
	if m >= mc {
		return false, false
	}
	return m+1 >= mc || t >= tc || a.noTools, true
}

// ask sends the windowed conversation; a final request carries no tools and one extra
// instruction asking for an answer, which is not kept in the conversation.
func (a *Agent) ask(ctx context.Context, final bool) (message, error) {
	a.msgs = window(a.msgs, a.window)
	msgs, tools := a.msgs, a.tools
	if final {
		msgs = append(msgs[:len(msgs):len(msgs)], message{Role: roleSystem, Content: finalAsk})
		tools = nil
	}
	return a.model.complete(ctx, msgs, tools)
}

// runCalls runs one reply's first taken calls in order and pairs every kept call with a result,
// sent or not, because the API refuses a conversation with an unanswered call. Of the calls
// past taken only the first is kept, answered "not run" with their number, so a reply of
// thousands of calls costs the next request nothing more; every call is still audited.
func (a *Agent) runCalls(ctx context.Context, t *turn, calls []toolCall, taken int, final bool) (audit.Decision, error) {
	if unknown := a.unknown(calls); unknown != "" {
		return a.stopUnknown(calls, taken, unknown)
	}
	keep := kept(calls, taken)
	for i, c := range calls[:taken] {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		a.printf("model asks for: %s\n", esc(c.name))
		name, res, err := a.call(ctx, c)
		a.printf("  result: %s\n", preview(res.Text))
		a.result(c, res.Text)
		if errors.Is(err, budget.ErrExceeded) {
			a.noTools = true // stop mode: nothing more may run; the next request asks for an answer
		} else if err != nil {
			a.skip(keep[i+1:], notRunText)
			return "", err
		}
		if isInvalid(res) {
			if t.invalid[name]++; t.invalid[name] >= MaxInvalidArgs {
				a.skip(keep[i+1:], notRunText)
				err := a.audit(calls[i+1:], audit.NotRun)
				a.printf("\nstopped: the model sent invalid arguments for %s %d times in this turn; "+
					"each went back to it as an error and nothing was sent.\n", esc(name), MaxInvalidArgs)
				a.printf("budget: %s\n", a.budget.Summary())
				return audit.InvalidArgs, err
			}
		}
	}
	return "", a.notTaken(calls[taken:], final)
}

// kept is the part of a reply that stays in the conversation: the taken calls and, when some
// were not taken, the first of those, which carries the answer for all of them.
func kept(calls []toolCall, taken int) []toolCall { return calls[:min(len(calls), taken+1)] }

// taken is how many of a reply's calls may run: none in a request that offered no tools,
// otherwise at most what the tool-call ceiling still admits.
func (a *Agent) taken(calls []toolCall, final bool) int {
	if final {
		return 0
	}
	return min(len(calls), a.budget.RemainingToolCalls())
}

// notTaken answers and audits the calls past the ones taken from a reply.
func (a *Agent) notTaken(calls []toolCall, final bool) error {
	if len(calls) == 0 {
		return nil
	}
	text, why, say := ceilingText, audit.OverBudget, "the run's tool-call ceiling was reached"
	if final {
		text, why, say = notOfferedText, audit.NotRun, "the request offered no tools"
	}
	a.printCalls(calls)
	if len(calls) > 1 {
		text = fmt.Sprintf(droppedText, say, len(calls))
		say += fmt.Sprintf(" (%d calls)", len(calls))
	}
	a.printf("  not run: %s\n", say)
	a.result(calls[0], text)
	return a.audit(calls, why)
}

// stopUnknown ends the turn on a reply naming a tool the role does not have: nothing in it runs.
func (a *Agent) stopUnknown(calls []toolCall, taken int, unknown string) (audit.Decision, error) {
	a.printCalls(calls)
	a.skip(kept(calls, taken), unknownText)
	var err error
	for _, c := range calls {
		why := audit.NotRun
		if !a.offered(c) {
			why = audit.UnknownTool
		}
		if err = a.run.Refuse(c.name, why); err != nil {
			break
		}
	}
	a.printf("\nstopped: the model asked for %q, which is not one of this role's tools; nothing was sent.\n", clipName(unknown))
	a.printf("budget: %s\n", a.budget.Summary())
	return audit.UnknownTool, err
}

// printCalls names the calls of a reply that are not run, the first few one per line.
func (a *Agent) printCalls(calls []toolCall) {
	const shown = 10
	for _, c := range calls[:min(len(calls), shown)] {
		a.printf("model asks for: %s\n", esc(clipName(c.name)))
	}
	if len(calls) > shown {
		a.printf("model asks for: ... %d more\n", len(calls)-shown)
	}
}

// audit records calls that were not run.
func (a *Agent) audit(calls []toolCall, why audit.Decision) error {
	for _, c := range calls {
		if err := a.run.Refuse(c.name, why); err != nil {
			return err
		}
	}
	return nil
}

// clipName keeps a model-chosen name short enough for one terminal line.
func clipName(name string) string {
	if r := []rune(name); len(r) > 80 {
		return string(r[:80]) + "..."
	}
	return name
}

// unknown returns the first name in calls that is not one of the role's function tools.
func (a *Agent) unknown(calls []toolCall) string {
	for _, c := range calls {
		if !a.offered(c) {
			return c.name
		}
	}
	return ""
}

// offered reports whether c calls one of the role's tools as the function tool it was offered as.
func (a *Agent) offered(c toolCall) bool { return a.known[c.name] && c.kind == "function" }

func (a *Agent) skip(calls []toolCall, text string) {
	for _, c := range calls {
		a.result(c, text)
	}
}

// result adds one tool result, as data in the tool role.
func (a *Agent) result(c toolCall, text string) {
	a.msgs = append(a.msgs, message{Role: roleTool, Content: text, ToolCallID: c.id})
}

// answer prints the model's words and keeps them for the next turn.
func (a *Agent) answer(content string) {
	content = stripThinking(content)
	if strings.TrimSpace(content) == "" {
		// Not kept: the API refuses an assistant message with neither text nor calls.
		content = "(the model answered with no text)"
	} else {
		a.msgs = append(a.msgs, message{Role: roleAssistant, Content: content})
	}
	a.printf("\nanswer: %s\n", indent(content, "        "))
	a.printf("budget: %s\n", a.budget.Summary())
}

func (a *Agent) printStopped() {
	a.printf("\nThe run budget stopped the loop before a final answer: %s\n", a.budget.Summary())
}

// isInvalid reports whether toolrt refused a call's arguments.
func isInvalid(res toolrt.Result) bool { return res.Decision == audit.InvalidArgs }

func isBudget(err error) bool { return errors.Is(err, budget.ErrExceeded) }

func (a *Agent) printf(format string, v ...any) { fmt.Fprintf(a.out, format, v...) }
