// Package parallel spreads a batch of independent items over all cores: toolgen's drafts, input
// fits, Go pieces and file writes are each many small jobs, and a cold run is short enough that
// one core idling is most of the difference.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers is how many workers Run uses for n items: one per core, never more than the items.
func Workers(n int) int { return max(0, min(runtime.GOMAXPROCS(0), n)) }

// Run calls f(worker, i) for every i in 0 … n-1, each worker taking the next index, and waits.
// worker is in [0, Workers(n)), so a worker can keep state of its own (a cache that is not safe
// to share). It returns the error of the lowest index that failed; once one fails, no worker
// starts another index.
func Run(n int, f func(worker, i int) error) error {
	errs := make([]error, n)
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for w := range Workers(n) {
		wg.Go(func() {
			for !failed.Load() { // an index taken is always run, so a lower failure is never skipped
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				if errs[i] = f(w, i); errs[i] != nil {
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
