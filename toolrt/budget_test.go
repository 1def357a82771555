package toolrt

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/toolgen/toolgen/toolrt/budget"
)

// seqTransport tags each request with its sequence, so one shared server can count per run.
type seqTransport struct{ seq string }

func (s seqTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Test-Seq", s.seq)
	return http.DefaultTransport.RoundTrip(r)
}

// step is one scripted tool call: a model doing anything at all, valid or not.
var steps = []struct{ tool, args string }{
	{"movie", `{"id":"42"}`},
	{"movie", `{"id":4.2}`},
	{"search", `{"query":"matrix"}`},
	{"myWatchLists", `{}`},
	{"addWatchListItem", addMatrix},
	{"addWatchListItem", `{"watchListId":"2","titleId":"1","titleType":"MOVIE"}`},
	{"nosuchtool", `{}`},
	{"movie", `{"id":"1","id":"2"}`},
}

// TestRandomSequencesNeverPassTheCeiling runs 1,000 randomized scripted runs with a tool-call
// ceiling of 6 against real demo servers and checks that no run's 7th tool request ever
// reaches a server, whatever mode, order, concurrency or approvals the script uses.
func TestRandomSequencesNeverPassTheCeiling(t *testing.T) {
	t.Parallel() // its own servers and runtimes; overlaps the deadline tests' waits
	const ceiling = 6
	runs := 1000
	if testing.Short() {
		runs = 50 // the full suite plays 1000
	}
	var endpoints [4]string
	var recs [4]*recorder
	for i := range endpoints {
		endpoints[i], recs[i] = startMovieDB(t)
	}
	cat := testCatalog(t)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for seq := range runs {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			srv := seq % len(endpoints)
			rng := rand.New(rand.NewPCG(42, uint64(seq)))
			cfg := Config{Endpoint: endpoints[srv], Role: "concierge", HTTPClient: &http.Client{Transport: seqTransport{fmt.Sprint(seq)}}}
			if rng.IntN(8) == 0 {
				cfg = asUser(cfg)
			}
			sent, admitted := runScript(t, cat, cfg, rng, ceiling)
			seen := recs[srv].seqCount(fmt.Sprint(seq))
			if seen > ceiling || seen > sent || admitted > ceiling { // seen < sent only when a loaded machine times a request out before it arrives
				t.Errorf("run %d: server saw %d tool requests, results say %d sent, budget admitted %d; ceiling %d", seq, seen, sent, admitted, ceiling)
			}
		})
	}
	wg.Wait()
}

// runScript plays one random script and returns how many results say a request was sent and
// how many calls the budget admitted.
func runScript(t *testing.T, cat *Catalog, cfg Config, rng *rand.Rand, ceiling int) (sent, admitted int) {
	rt, err := New(cat, cfg)
	if err != nil {
		t.Error(err)
		return 0, 0
	}
	if err := rt.Login(context.Background()); err != nil {
		t.Error(err)
		return 0, 0
	}
	mode := []budget.Mode{budget.Stop, budget.Error}[rng.IntN(2)]
	b := budget.New(budget.Limits{ToolCalls: ceiling, Mode: mode, PerTool: map[string]int{"movie": 1 + rng.IntN(8)}})
	answers := []string{"y", "n", "", "yes"}
	approver := &scripted{answers: []string{answers[rng.IntN(4)], answers[rng.IntN(4)], answers[rng.IntN(4)]}}
	run := rt.NewRun(b, approver)
	calls := make([]int, rng.IntN(20))
	for i := range calls {
		calls[i] = rng.IntN(len(steps))
	}
	var nSent atomic.Int32
	do := func(i int) {
		res, err := run.Call(context.Background(), steps[i].tool, []byte(steps[i].args))
		if res.Outcome != "not_sent" {
			nSent.Add(1)
		}
		if err != nil && !errors.Is(err, budget.ErrExceeded) {
			t.Errorf("unexpected error: %v", err)
		}
	}
	if rng.IntN(2) == 0 { // a model asking for several tools at once
		var wg sync.WaitGroup
		for _, i := range calls {
			wg.Go(func() { do(i) })
		}
		wg.Wait()
	} else {
		for _, i := range calls {
			do(i) // keeps calling after a stop on purpose: a loop that ignores the error
		}
	}
	_, tools := b.Counts()
	return int(nSent.Load()), tools
}
