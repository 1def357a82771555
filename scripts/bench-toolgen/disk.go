package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// probeFiles is how many empty files one disk probe creates: enough for a stable mean, few
// enough not to become the deletions it looks for.
const probeFiles = 200

// settle waits, up to limit, until creating a file costs at most slow. ext4 without a journal
// (this project's CI machines) will not reuse an inode freed in the last minute, five while its
// block is unwritten, and checks every such inode again at each create, so after a large
// deletion (a test run's temporary folders, an earlier bench's) creating toolgen's 560 files
// costs several times more for a minute or two. The probe folders are kept until the bench ends,
// so probing adds no deletions. It returns the last probe's mean create time.
func settle(dir string, slow, limit time.Duration) (time.Duration, error) {
	deadline := time.Now().Add(limit)
	for i := 0; ; i++ {
		per, err := probe(filepath.Join(dir, fmt.Sprintf("probe-%d", i)))
		if err != nil || per <= slow || time.Now().After(deadline) {
			return per, err
		}
		fmt.Fprintf(os.Stderr, "bench-toolgen: creating a file takes %v (over %v): the disk is still busy with recent deletions; waiting 10 s\n", per.Round(time.Microsecond), slow)
		time.Sleep(10 * time.Second)
	}
}

// probe creates probeFiles empty files in a new folder and returns the mean time of one.
func probe(dir string) (time.Duration, error) {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return 0, err
	}
	start := time.Now()
	for i := range probeFiles {
		f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("f%d", i)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return 0, err
		}
		f.Close()
	}
	return time.Since(start) / probeFiles, nil
}
