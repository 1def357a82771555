package main

// stuck lists the deferred writes whose confirm claimed them and never recorded an outcome (it
// was killed, or its machine went down): state sending. Whether such a write reached the API
// only the data can tell, so nothing here decides; `agent resolve` records what a person found.

import (
	"context"
	"fmt"
	"time"

	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func init() {
	register(command{
		name: "stuck", order: 64,
		summary: "list deferred writes a confirm claimed without recording the outcome: id, age, tool, hash",
		run:     runStuck,
		groups:  []string{"pending", "runtime"},
	})
}

func runStuck(ctx context.Context, e *Env, args []string) error {
	if len(args) > 0 {
		fmt.Fprintln(e.Err, "usage: agent stuck [-pending-store FILE]")
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
	now, n := time.Now(), 0
	for _, r := range reqs {
		if r.State == pending.Sending {
			fmt.Fprintln(e.Out, stuckLine(r, now))
			n++
		}
	}
	if n == 0 {
		fmt.Fprintf(e.Out, "no deferred write is stuck in sending in %s\n", st.Path())
		return nil
	}
	fmt.Fprintf(e.Out, `
A confirm claimed each of these and did not record what happened: the write may or may not
have reached the API, so none is sent again. Check the data (agent review ID reads it now, as
the confirmer), then record what you found:
  agent resolve ID sent WHAT-YOU-CHECKED...      the write is in the data
  agent resolve ID not-sent WHAT-YOU-CHECKED...  it is not; agent resolve ID reopen WHY...
                                                 then makes it confirmable again
`)
	return nil
}

// stuckLine is one sending request: id, how long ago it was claimed and by whom, the tool, the
// body hash a person checks the data against, and who proposed it.
func stuckLine(r *pending.Request, now time.Time) string {
	line := fmt.Sprintf("%s  claimed %s ago by %s  %s  body sha256:%s  proposed by %s", r.ID, age(now.Sub(r.Decided)),
		gate.Escape(r.DecidedBy), gate.Escape(r.Tool), r.BodySHA[:reviewedDigits], gate.Escape(proposer(r)))
	if left := r.Decided.Add(pending.SettleAfter).Sub(now); left > 0 {
		line += fmt.Sprintf("  (a confirm may still be sending it: resolvable in %s)", left.Round(time.Second))
	}
	return line
}
