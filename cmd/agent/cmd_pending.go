package main

// pending lists the deferred writes in the store, one a line with its id first: state, age,
// tool, the user who proposed it and, under OAuth, the caller it was proposed for (-caller
// lists one caller's only). It reads the store only; nothing is signed in or sent.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func init() {
	register(command{
		name: "pending", order: 60,
		summary: "list deferred writes waiting for a person (-approve defer): id, state, age, tool, user, caller",
		run:     runPending,
		groups:  []string{"pending", "runtime", "list"}, // scripts pass one set of connection flags to every command
	})
}

func runPending(ctx context.Context, e *Env, args []string) error {
	if len(args) > 0 {
		fmt.Fprintln(e.Err, "usage: agent pending [-store FILE|postgres://…] [-caller ISSUER#SUBJECT|SUBJECT]")
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
	now, n := time.Now(), 0
	for _, r := range reqs {
		if e.Settings.Caller == "" || callerMatches(e.Settings.Caller, r.Caller) {
			fmt.Fprintln(e.Out, pendingLine(r, now))
			n++
		}
	}
	if n == 0 {
		fmt.Fprintf(e.Out, "no deferred writes for caller %s in %s (%d for others)\n", gate.Escape(e.Settings.Caller), st.Path(), len(reqs))
	}
	return nil
}

// callerMatches reports whether -caller names caller: the whole ISSUER#SUBJECT, or only the
// subject when it holds no #.
func callerMatches(filter, caller string) bool {
	if caller == filter {
		return true
	}
	i := strings.LastIndex(caller, "#")
	return i >= 0 && !strings.Contains(filter, "#") && caller[i+1:] == filter
}

// pendingLine is one request: id, state, age, tool, who proposed it; every field escaped, since
// the tool and user names came from a process that may have been misled.
func pendingLine(r *pending.Request, now time.Time) string {
	return fmt.Sprintf("%s  %-8s %4s  %s  %s", r.ID, r.StateAt(now), age(now.Sub(r.Created)), gate.Escape(r.Tool), gate.Escape(proposer(r)))
}

// proposer names who proposed a request: the proposing process's user, and the caller it acted
// for when a server authenticated one ("user for caller https://issuer#alice").
func proposer(r *pending.Request) string {
	who := r.User
	if who == "" {
		who = "(anonymous)"
	}
	if r.Caller != "" {
		who += " for caller " + r.Caller
	}
	return who
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
