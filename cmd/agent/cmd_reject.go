package main

// reject drops one deferred write for good: it is never sent. It signs in to nothing.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func init() {
	register(command{
		name: "reject", order: 63,
		summary: "drop a deferred write: it is never sent",
		prompt:  "request id and an optional reason",
		run:     runReject,
		usage:   "ID [REASON...]",
		args:    "ID      a deferred write's request id (agent pending lists them)\nREASON  why, for the audit trail (the rest of the line)",
		groups:  []string{"pending", "runtime"},
	})
}

func runReject(ctx context.Context, e *Env, args []string) error {
	if len(args) == 0 {
		fmt.Fprintln(e.Err, "usage: agent reject REQUEST-ID [REASON...]")
		return errUsage
	}
	st, err := e.Store()
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(strings.Join(args[1:], " "))
	if reason == "" {
		reason = "rejected by a person"
	}
	r, err := st.Reject(ctx, args[0], e.actor(), reason, time.Now())
	switch {
	case errors.Is(err, pending.ErrExpired):
		return e.final(r, err, audit.Expired)
	case errors.Is(err, pending.ErrDecided):
		return errors.Join(fmt.Errorf("request %s was already decided (%s by %s); nothing changed", r.ID, r.State, gate.Escape(r.DecidedBy)),
			e.auditDecision(r, audit.Recorded))
	case err != nil:
		return err
	}
	fmt.Fprintf(e.Out, "request %s rejected; it will never be sent\n", r.ID)
	return e.auditDecision(r, audit.Rejected)
}
