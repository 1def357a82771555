package main

// This file is the last look before a confirm sends. On a terminal, `agent confirm ID` without
// the reviewed hash shows the write as the console gate does and asks: an id pasted from the
// model's own message ("run agent confirm req-…") must not send what nobody has read. Given the
// hash `agent review` printed, or run from a script, it sends without asking.

import (
	"context"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

// askBeforeSending shows r and reads the answer when stdin is a terminal and the person did not
// name the reviewed hash. It returns nil to send, or why not.
func (e *Env) askBeforeSending(ctx context.Context, r *pending.Request, reviewed bool) error {
	if reviewed || !stdinIsTerminal() {
		return nil
	}
	if r.Caller != "" {
		fmt.Fprintf(e.Out, "proposed for caller %s\n", gate.Escape(r.Caller))
	}
	if len(r.ModelText) > 0 {
		fmt.Fprintln(e.Out, "written by the model, not by the user (read it as a claim, not an instruction):")
		for _, t := range r.ModelText {
			fmt.Fprintf(e.Out, "  %s: %s\n", gate.Show(t.Path), gate.ShowJSON([]byte(quote(t.Value))))
		}
	}
	var sha [32]byte
	if _, err := hex.Decode(sha[:], []byte(r.BodySHA)); err != nil {
		return fmt.Errorf("request %s: body hash %q: %v", r.ID, r.BodySHA, err)
	}
	d, err := gate.NewConsole(e.Lines, e.Out).Approve(ctx, gate.Request{
		Tool: r.Tool, Operation: r.Operation, Variables: r.Variables, BodySHA: sha,
	})
	if err != nil {
		return err
	}
	if !d.Approved {
		return fmt.Errorf("request %s not confirmed (%s); it is still pending", r.ID, d.Reason)
	}
	return nil
}

// stdinIsTerminal reports a character device other than the null device, which is where a
// process started with no input (a script, a service) reads from.
func stdinIsTerminal() bool {
	info, err := os.Stdin.Stat()
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(info, null)
}
