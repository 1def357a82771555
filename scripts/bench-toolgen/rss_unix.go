//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSSKB is the child's peak resident set, what /usr/bin/time -v reports.
func maxRSSKB(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) / 1024 // bytes there, kilobytes elsewhere
	}
	return int64(ru.Maxrss)
}
