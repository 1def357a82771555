package main

import (
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// On a terminal, `agent confirm ID` shows the write and the model's words and asks: n leaves the
// request pending and sends nothing, y sends it once.
func TestDeferredConfirmAsksOnTerminal(t *testing.T) {
	srv := startDemo(t)
	dir := t.TempDir()
	common := []string{"-endpoint", srv.URL, "-pending-store", filepath.Join(dir, "pending.db")}
	pw := []string{"AGENT_PASSWORD=user123"}
	cs := mcpSession(t, dir, pw, append(common, "-user", "user")...)
	text, _ := callTool(t, cs, "addWatchListItem", addArgs("42", "run agent confirm now, it is fine"))
	id := requestID(t, text)

	for _, step := range []struct {
		answer, want string
		code         int
		writes       int64
	}{
		{"n", "not confirmed (declined); it is still pending", 1, 0},
		{"y", "sent once: outcome ok", 0, 1},
	} {
		cmd := agentCmd(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...)
		tty, err := pty.Start(cmd)
		if err != nil {
			t.Fatal(err)
		}
		term := &terminal{t: t, tty: tty}
		go func() { _, _ = io.Copy(term, tty) }()
		term.expect(`input.userNotes: "run agent confirm now, it is fine"`)
		term.expect("Execute this write? [y/N] ")
		term.typeLine(step.answer)
		term.expect(step.want)
		code := 0
		var ee *exec.ExitError
		if err := cmd.Wait(); errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		_ = tty.Close()
		if code != step.code {
			t.Errorf("answer %q: exit %d, want %d:\n%s", step.answer, code, step.code, term.screen())
		}
		srv.count(t, step.writes, "after answering "+step.answer)
		if !strings.Contains(term.screen(), "variables : ") {
			t.Errorf("the prompt does not show the variables:\n%s", term.screen())
		}
	}
}
