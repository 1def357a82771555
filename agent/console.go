package agent

// This file is the conversation at the console: the transcript header, the reply prompt and
// the shapes of the printed lines.

import (
	"context"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/toolgen/toolgen/toolrt/gate"
)

// ResultPreview is how many characters of a tool result the transcript shows.
const ResultPreview = 220

// ReplyPrompt asks for the next user message after a turn.
const ReplyPrompt = "reply, or blank to return to the menu: "

// Converse prints the header, runs task, then runs each reply typed at the prompt with the same
// conversation and budget. It returns nil when the person leaves (blank line, end of input)
// or the budget has no model call left. An error ends the conversation early and is not
// printed: the caller prints it. On ctx cancellation (Ctrl-C) nothing new starts, in-flight
// requests and a pending approval are cancelled, and ctx's error is returned.
func (a *Agent) Converse(ctx context.Context, task string) error {
	a.header(task)
	text := task
	for {
		if _, err := a.Turn(ctx, text); err != nil {
			return a.fail(ctx, err)
		}
		if _, ok := a.nextCall(); !ok || a.lines == nil {
			return nil
		}
		a.printf("\n%s", ReplyPrompt)
		line, err := a.lines.ReadLine(ctx)
		a.printf("\n")
		if errors.Is(err, io.EOF) || (err == nil && strings.TrimSpace(line) == "") {
			return nil
		}
		if err != nil {
			return a.fail(ctx, err)
		}
		text = strings.TrimSpace(line)
	}
}

// header is the transcript's first lines, as in the seed.
func (a *Agent) header(task string) {
	user := a.rt.User()
	if user == "" {
		user = "(anonymous)"
	}
	role := a.rt.Role()
	if role == "" {
		role = "(every tool)"
	}
	a.printf("role    : %s (%d tools)\n", role, len(a.rt.Tools()))
	a.printf("%s\n", strings.Replace(a.toolsLine, "tools: ", "tools   : ", 1))
	if w := ToolLoadWarning(a.rt.Role(), a.rt.Tools()); w != "" && a.meta == nil {
		a.printf("warning : %s\n", w)
	}
	a.printf("user    : %s\n", esc(user))
	a.printf("task    : %s\n\n", esc(task))
}

// fail ends the conversation early. Ctrl-C gets its line here; any other error is left to the
// caller to print, once, so the person reads one message about it.
func (a *Agent) fail(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		a.printf("\nstopped: interrupted; nothing new was started.\nbudget: %s\n", a.budget.Summary())
		return ctx.Err()
	}
	a.printf("budget: %s\n", a.budget.Summary())
	return err
}

// preview is the first ResultPreview characters of a result, escaped for the terminal.
func preview(text string) string {
	return esc(clip(text, ResultPreview))
}

// clip cuts s to n characters (not bytes, so no rune is split), marking a cut with "...".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}

// esc makes model- or server-written text safe to print: no escape sequences reach the terminal.
func esc(s string) string { return gate.Escape(s) }

// indent escapes each line of a multi-line answer and lines it up under the first.
func indent(s, pad string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = esc(strings.TrimRight(l, "\r"))
	}
	return strings.Join(lines, "\n"+pad)
}

// stripThinking drops a leading <think>…</think> block, which some servers (older Ollama with
// qwen3) leave in the content instead of a separate reasoning field.
func stripThinking(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "<think>") {
		return s
	}
	if end := strings.Index(t, "</think>"); end >= 0 {
		return strings.TrimSpace(t[end+len("</think>"):])
	}
	return s
}
