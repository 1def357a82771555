package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestGCPercent pins the rule: the next collection at heapGoal, between Go's default and
// maxGCPercent.
func TestGCPercent(t *testing.T) {
	want := map[uint64]int{
		0:            maxGCPercent,
		4 << 20:      maxGCPercent, // would be 2300
		24 << 20:     300,          // the next collection at 96 MB
		40 << 20:     140,
		48 << 20:     100, // half the goal: Go's default already collects there
		300 << 20:    100, // a large heap keeps the default
		heapGoal - 1: 100,
	}
	for live, w := range want {
		if got := gcPercent(live); got != w {
			t.Errorf("gcPercent(%d MiB) = %d, want %d", live>>20, got, w)
		}
	}
}

// TestTuneGC checks that a collection retunes GOGC from the live heap, and that a GOGC the
// user set is left alone.
func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "150")
	debug.SetGCPercent(150)
	tuneGC()
	if got := gcPercentNow(); got != 150 {
		t.Fatalf("with GOGC=150 set, tuneGC made it %d", got)
	}
	t.Setenv("GOGC", "")
	tuneGC()
	debug.SetGCPercent(123) // what only a retune overwrites
	for deadline := time.Now().Add(5 * time.Second); gcPercentNow() == 123; {
		if time.Now().After(deadline) {
			t.Fatal("no retune after collections")
		}
		runtime.GC()
		time.Sleep(time.Millisecond) // the finalizer runs on its own goroutine
	}
	if got, want := gcPercentNow(), gcPercent(liveHeap()); got != want {
		t.Errorf("GOGC = %d after a collection, want %d for a live heap of %d bytes", got, want, liveHeap())
	}
}

func gcPercentNow() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}
