package main

// gc.go lets toolgen's heap grow before the garbage collector runs. A run is a short batch
// whose allocations are mostly garbage: GitHub's cold run allocates about 130 MB with 20–25 MB
// live, and at Go's default (GOGC=100) it collected ten times, a fifth of its CPU. After each
// collection GOGC is set so that the next comes when the heap reaches heapGoal, and never sooner
// than Go's default would: a large live heap (a first run's tokenizer, a larger schema) keeps the
// default, and a small one stays well under the bench's bar of 150 MB of RSS.

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// heapGoal is the heap at which the next collection should come.
const heapGoal = 96 << 20

// maxGCPercent bounds GOGC, so a nearly empty heap does not wait for heapGoal.
const maxGCPercent = 800

// gcPercent is the GOGC that puts the next collection at heapGoal after one that left live
// bytes, between Go's default and maxGCPercent.
func gcPercent(live uint64) int {
	if live >= heapGoal/2 {
		return 100
	}
	if live == 0 {
		return maxGCPercent
	}
	return int(min(max((heapGoal-live)*100/live, 100), maxGCPercent))
}

// tuneGC starts the tuning, unless GOGC or GOMEMLIMIT says how the user wants it.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(maxGCPercent) // nothing is live yet
	watchGC()
}

// gcSentinel is an object whose finalizer runs after the collection that finds it unreachable.
// It holds a pointer, so it is not a tiny allocation, whose finalizer might never run.
type gcSentinel struct{ _ *byte }

// watchGC sets GOGC from the live heap after the next collection, then watches the one after.
func watchGC() {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		debug.SetGCPercent(gcPercent(liveHeap()))
		watchGC()
	})
}

// liveHeap is the heap the last collection left.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return heapGoal // unknown: keep Go's default
	}
	return s[0].Value.Uint64()
}
