package main

// resolve records what a person found about a deferred write stuck in sending (agent stuck):
// sent, or not sent; and, as a separate explicit step, reopens one found not sent so that it
// can be confirmed again. It signs in to nothing and sends nothing; the note is required and
// goes into the request's history and the audit trail.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func init() {
	register(command{
		name: "resolve", order: 65,
		summary: "record what you checked about a stuck deferred write: sent, not-sent; or reopen a not-sent one",
		prompt:  "request id, sent, not-sent or reopen, and what you checked",
		run:     runResolve,
		usage:   "ID sent|not-sent|reopen NOTE...",
		args: "ID        a request agent stuck lists (reopen: one resolved not-sent)\n" +
			"sent      the write is in the API's data: the request becomes sent\n" +
			"not-sent  it is not: the request becomes unsent, and is never sent unless reopened\n" +
			"reopen    make an unsent request pending again, for agent review and agent confirm\n" +
			"NOTE      what you checked, or why you reopen (the rest of the line; required)",
		groups: []string{"pending", "runtime"},
	})
}

const resolveUsage = "usage: agent resolve REQUEST-ID sent|not-sent|reopen WHAT-YOU-CHECKED..."

func runResolve(ctx context.Context, e *Env, args []string) error {
	if len(args) < 2 {
		fmt.Fprintln(e.Err, resolveUsage)
		return errUsage
	}
	id, action, note := args[0], args[1], strings.TrimSpace(strings.Join(args[2:], " "))
	if action != "sent" && action != "not-sent" && action != "reopen" {
		fmt.Fprintf(e.Err, "agent resolve: %q is not sent, not-sent or reopen\n%s\n", action, resolveUsage)
		return errUsage
	}
	if note == "" {
		fmt.Fprintf(e.Err, "agent resolve: say what you checked (or why you reopen) after %s, e.g. agent resolve %s %s checked list 1: the title is not on it\n", action, id, action)
		return errUsage
	}
	st, err := e.Store()
	if err != nil {
		return err
	}
	now := time.Now()
	if action == "reopen" {
		r, err := st.Reopen(ctx, id, e.actor(), note, e.Settings.PendingTTL, now)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.Out, "request %s is pending again until %s: review it (agent review %s), then confirm it with the hash the review prints\n",
			r.ID, r.Expires.Format(time.RFC3339), r.ID)
		return e.auditOutcome(r, audit.Reopened, "not_sent")
	}
	r, err := st.Resolve(ctx, id, action == "sent", e.actor(), note, now)
	if errors.Is(err, pending.ErrNotSending) && r.State == pending.Pending {
		return fmt.Errorf("%w: it was never claimed; agent confirm or agent reject decides it", err)
	}
	if err != nil {
		return err
	}
	if action == "sent" {
		fmt.Fprintf(e.Out, "request %s marked sent; it will not be sent again\n", r.ID)
		return e.auditOutcome(r, audit.Resolved, "sent")
	}
	fmt.Fprintf(e.Out, "request %s marked not sent; it is not sent unless reopened (agent resolve %s reopen WHY...)\n", r.ID, r.ID)
	return e.auditOutcome(r, audit.Resolved, "not_sent")
}
