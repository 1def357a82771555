// Package gctune lets a toolgen or agent process's heap grow before the garbage collector runs.
// Both allocate mostly garbage over a small live heap: GitHub's cold toolgen run allocates
// about 130 MB with 20–25 MB live and at Go's default (GOGC=100) collected ten times, a fifth
// of its CPU; `agent mcp -http` allocates about 440 KB a tool call (most of it the MCP SDK's
// JSON decoding) over a few MB live, and collected every dozen calls, a third of its CPU.
// After each collection GOGC is set so that the next comes when the heap reaches the goal, and
// never sooner than Go's default would: a large live heap keeps the default. GOGC or
// GOMEMLIMIT in the environment win, and a container's memory limit lowers the goal.
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
)

// Goal is the heap at which the next collection should come, unless a memory limit is lower.
const Goal = 96 << 20

// maxGCPercent bounds GOGC, so a nearly empty heap does not wait for the goal.
const maxGCPercent = 800

// cgroupMemoryMax is where a cgroup v2 container's memory limit is read.
var cgroupMemoryMax = "/sys/fs/cgroup/memory.max"

// Start starts the tuning, unless GOGC or GOMEMLIMIT says how the user wants it.
func Start() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	goal := goalUnder(containerLimit())
	debug.SetGCPercent(maxGCPercent) // nothing is live yet
	watch(goal)
}

// goalUnder is Goal, or a quarter of a memory limit below four times it: the heap may reach
// about twice its goal between collections, and a process is more than its heap.
func goalUnder(limit uint64) uint64 {
	if limit > 0 && limit/4 < Goal {
		return limit / 4
	}
	return Goal
}

// containerLimit is the cgroup's memory limit in bytes, 0 when there is none or it cannot be read.
func containerLimit() uint64 {
	b, err := os.ReadFile(cgroupMemoryMax)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64) // "max" means none
	if err != nil {
		return 0
	}
	return n
}

// gcPercent is the GOGC that puts the next collection at goal after one that left live bytes,
// between Go's default and maxGCPercent.
func gcPercent(live, goal uint64) int {
	if live >= goal/2 {
		return 100
	}
	if live == 0 {
		return maxGCPercent
	}
	return int(min(max((goal-live)*100/live, 100), maxGCPercent))
}

// sentinel is an object whose finalizer runs after the collection that finds it unreachable.
// It holds a pointer, so it is not a tiny allocation, whose finalizer might never run.
type sentinel struct{ _ *byte }

// watch sets GOGC from the live heap after the next collection, then watches the one after.
func watch(goal uint64) {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		debug.SetGCPercent(gcPercent(liveHeap(goal), goal))
		watch(goal)
	})
}

// liveHeap is the heap the last collection left; goal (so Go's default) when unknown.
func liveHeap(goal uint64) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return goal
	}
	return s[0].Value.Uint64()
}
