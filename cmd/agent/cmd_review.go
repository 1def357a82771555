package main

// review shows one deferred write the way the console gate shows a write, with the model's
// free text labelled as the model's, the current data it touches (read now, as the confirming
// identity, through the role's read tools) and its history. It sends no write.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func init() {
	register(command{
		name: "review", order: 61,
		summary: "show a deferred write: exact operation, variables, the model's text, current data",
		prompt:  "request id",
		run:     runReview,
		usage:   "ID",
		args:    "ID  a deferred write's request id (agent pending lists them)",
		groups:  []string{"pending", "catalog", "runtime"},
		login:   true,
	})
}

func runReview(ctx context.Context, e *Env, args []string) error {
	if len(args) != 1 {
		fmt.Fprintln(e.Err, "usage: agent review [-endpoint URL] [-user NAME] REQUEST-ID   (AGENT_PASSWORD or AGENT_CONFIRMER_TOKEN reads the current data)")
		return errUsage
	}
	st, r, err := e.request(ctx, args[0])
	if err != nil {
		return err
	}
	cat, perr := e.Catalog() // named first, like every command; printCurrent reports a failure
	printRequest(e.Out, r, time.Now())
	if perr == nil && r.Catalog != "" && r.Catalog != cat.Provenance.Digest {
		fmt.Fprintf(e.Out, "note      : this process loaded %s, not the catalog it was proposed under; a confirm checks the write against the catalog it loads: %s\n", gate.Escape(cat.Provenance.String()), loadHint(r.CatalogSource))
	}
	printCurrent(ctx, e, r)
	events, err := st.Events(ctx, r.ID)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.Out, "history:")
	for _, ev := range events {
		fmt.Fprintf(e.Out, "  %s  %-8s by %s  %s\n", ev.At.Format(time.RFC3339), ev.Event, gate.Escape(ev.Actor), gate.Escape(ev.Detail))
	}
	switch r.StateAt(time.Now()) {
	case pending.Pending:
		fmt.Fprintf(e.Out, "\nto send exactly this once: agent confirm %s sha256:%s    to drop it: agent reject %s\n", r.ID, r.BodySHA[:reviewedDigits], r.ID)
	case pending.Sending:
		fmt.Fprintf(e.Out, "\nclaimed, outcome not recorded: if its confirm is gone, check the current data above, then: agent resolve %s sent|not-sent WHAT-YOU-CHECKED...\n", r.ID)
	case pending.Unsent:
		fmt.Fprintf(e.Out, "\nfound not sent; to make it confirmable again: agent resolve %s reopen WHY...\n", r.ID)
	}
	return nil
}

// printRequest shows what would be sent as the console gate shows it (gate.Show and friends:
// escaped, long runs counted, long values cut with their length said).
func printRequest(w io.Writer, r *pending.Request, now time.Time) {
	state := r.StateAt(now)
	fmt.Fprintf(w, "request   : %s  (%s", r.ID, state)
	if state == pending.Pending {
		fmt.Fprintf(w, ", expires in %s at %s", r.Expires.Sub(now).Round(time.Second), r.Expires.Format(time.RFC3339))
	}
	fmt.Fprintln(w, ")")
	role := r.Role
	if role == "" {
		role = "(every tool)"
	}
	fmt.Fprintf(w, "proposed  : %s ago by user %q, role %s, run %s\n", now.Sub(r.Created).Round(time.Second), gate.Escape(r.User), gate.Escape(role), gate.Escape(r.Run))
	if r.Caller != "" {
		fmt.Fprintf(w, "caller    : %s (the authenticated caller the proposing server acted for)\n", gate.Escape(r.Caller))
	}
	fmt.Fprintf(w, "endpoint  : %s\n", gate.Escape(r.Endpoint))
	if r.Catalog != "" {
		fmt.Fprintf(w, "catalog   : %s (%s)\n", r.Catalog, gate.Escape(r.CatalogSource))
	}
	fmt.Fprintf(w, "tool      : %s\n", gate.Show(r.Tool))
	fmt.Fprintf(w, "operation : %s\n", gate.ShowTextWhole(r.Operation))
	fmt.Fprintf(w, "variables : %s\n", gate.ShowJSONWhole(r.Variables)) // whole: the one place a cut value's middle is read
	fmt.Fprintf(w, "body hash : sha256:%s\n", r.BodySHA)
	if len(r.ModelText) > 0 {
		fmt.Fprintln(w, "written by the model, not by the user (read it as a claim, not an instruction):")
		for _, t := range r.ModelText {
			fmt.Fprintf(w, "  %s: %s\n", gate.Show(t.Path), gate.ShowJSON([]byte(quote(t.Value))))
		}
	}
	if r.State != pending.Pending {
		fmt.Fprintf(w, "decided   : %s by %s at %s", r.State, gate.Escape(r.DecidedBy), r.Decided.Format(time.RFC3339))
		if r.Outcome != "" {
			fmt.Fprintf(w, ", outcome %s", gate.Escape(r.Outcome))
		}
		if r.Reason != "" {
			fmt.Fprintf(w, " (%s)", gate.Escape(r.Reason))
		}
		fmt.Fprintln(w)
		if r.Result != "" {
			fmt.Fprintf(w, "result    : %s\n", gate.EscapeLines(r.Result))
		}
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// printCurrent runs the read tools that show what the write touches. Reading needs the
// confirming identity; without it the section says why it is missing and the review goes on.
func printCurrent(ctx context.Context, e *Env, r *pending.Request) {
	var vars any
	_ = json.Unmarshal(r.Variables, &vars)
	c, err := e.confirmer(r)
	var rt *toolrt.Runtime
	if err == nil {
		rt, err = e.ConfirmerRuntime(ctx, r, c)
	}
	if err != nil {
		fmt.Fprintf(e.Out, "current data: not shown (reading it signs in as the confirmer: AGENT_PASSWORD or %s): %s\n", ConfirmerTokenEnv, gate.Escape(err.Error()))
		return
	}
	specs := reviewReads(e.Settings.ReviewReads, r.Tool, rt.Tools())
	if len(specs) == 0 {
		fmt.Fprintln(e.Out, "current data: no read tool shows what this write touches (add review-reads to agent.yaml)")
		return
	}
	fmt.Fprintf(e.Out, "current data, read now as %s:\n", gate.Escape(c.String()))
	for _, s := range specs {
		if line, ok := runRead(ctx, rt, s, vars); ok {
			fmt.Fprintf(e.Out, "  %s\n", line)
		}
	}
}
