package gctune

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestGCPercent pins the rule: the next collection at the goal, between Go's default and
// maxGCPercent.
func TestGCPercent(t *testing.T) {
	want := map[uint64]int{
		0:         maxGCPercent,
		4 << 20:   maxGCPercent, // would be 2300
		24 << 20:  300,          // the next collection at 96 MB
		40 << 20:  140,
		48 << 20:  100, // half the goal: Go's default already collects there
		300 << 20: 100, // a large heap keeps the default
		Goal - 1:  100,
	}
	for live, w := range want {
		if got := gcPercent(live, Goal); got != w {
			t.Errorf("gcPercent(%d MiB) = %d, want %d", live>>20, got, w)
		}
	}
}

// TestStart checks that a collection retunes GOGC from the live heap, and that a GOGC the
// user set is left alone.
func TestStart(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "150")
	debug.SetGCPercent(150)
	Start()
	if got := gcPercentNow(); got != 150 {
		t.Fatalf("with GOGC=150 set, Start made it %d", got)
	}
	t.Setenv("GOGC", "")
	Start()
	debug.SetGCPercent(123) // what only a retune overwrites
	for deadline := time.Now().Add(5 * time.Second); gcPercentNow() == 123; {
		if time.Now().After(deadline) {
			t.Fatal("no retune after collections")
		}
		runtime.GC()
		time.Sleep(time.Millisecond) // the finalizer runs on its own goroutine
	}
	if got, want := gcPercentNow(), gcPercent(liveHeap(Goal), goalUnder(containerLimit())); got != want {
		t.Errorf("GOGC = %d after a collection, want %d for a live heap of %d bytes", got, want, liveHeap(Goal))
	}
}

func gcPercentNow() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestGoalUnderAContainerLimit checks that a container's memory limit lowers the goal to a
// quarter of it, that a larger one or none keeps Goal, and that "max" and junk read as none.
func TestGoalUnderAContainerLimit(t *testing.T) {
	for limit, want := range map[uint64]uint64{0: Goal, 64 << 20: 16 << 20, 4 * Goal: Goal, 1 << 40: Goal} {
		if got := goalUnder(limit); got != want {
			t.Errorf("goalUnder(%d MiB) = %d MiB, want %d MiB", limit>>20, got>>20, want>>20)
		}
	}
	defer func(p string) { cgroupMemoryMax = p }(cgroupMemoryMax)
	for text, want := range map[string]uint64{"max\n": 0, "67108864\n": 64 << 20, "junk": 0} {
		cgroupMemoryMax = filepath.Join(t.TempDir(), "memory.max")
		if err := os.WriteFile(cgroupMemoryMax, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if got := containerLimit(); got != want {
			t.Errorf("memory.max %q: containerLimit() = %d, want %d", text, got, want)
		}
	}
	cgroupMemoryMax = filepath.Join(t.TempDir(), "absent")
	if got := containerLimit(); got != 0 {
		t.Errorf("no memory.max: containerLimit() = %d, want 0", got)
	}
}
