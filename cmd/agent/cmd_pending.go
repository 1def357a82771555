package main

// pending lists the deferred writes in the store, one a line with its id first: state, age,
// tool and the user who proposed it. It reads the store only; nothing is signed in or sent.

import (
	"context"
	"fmt"
	"time"

	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func init() {
	register(command{
		name: "pending", order: 60,
		summary: "list deferred writes waiting for a person (-approve defer): id, state, age, tool, user",
		run:     runPending,
		groups:  []string{"pending", "runtime"}, // scripts pass one set of connection flags to every command
	})
}

func runPending(ctx context.Context, e *Env, args []string) error {
	if len(args) > 0 {
		fmt.Fprintln(e.Err, "usage: agent pending [-store FILE|postgres://…]")
		return errUsage
	}
	st, err := e.Store()
	if err != nil {
		return err
	}
	reqs, err := st.List(ctx)
	if err != nil {
		return err
	}
	if len(reqs) == 0 {
		fmt.Fprintf(e.Out, "no deferred writes in %s\n", st.Path())
		return nil
	}
	now := time.Now()
	for _, r := range reqs {
		fmt.Fprintln(e.Out, pendingLine(r, now))
	}
	return nil
}

// pendingLine is one request: id, state, age, tool, user; every field escaped, since the tool
// and user names came from a process that may have been misled.
func pendingLine(r *pending.Request, now time.Time) string {
	user := r.User
	if user == "" {
		user = "(anonymous)"
	}
	return fmt.Sprintf("%s  %-8s %4s  %s  %s", r.ID, r.StateAt(now), age(now.Sub(r.Created)), gate.Escape(r.Tool), gate.Escape(user))
}

// age is a short duration: 45s, 12m, 3h, 2d.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}
