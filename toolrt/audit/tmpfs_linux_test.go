package audit

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// The same on a real file: a 16 KiB tmpfs (mounting needs root; skipped otherwise), a filler
// taking half of it, records until the disk is full, then the filler removed and more records.
func TestFullTmpfsKeepsRecordsWhole(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=16k,mode=0700"); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v); TestTornRecordLeavesTheNextWhole covers the writer", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, 0) })
	filler := filepath.Join(dir, "filler")
	if err := os.WriteFile(filler, make([]byte, 8<<10), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "audit.jsonl")
	l, err := Open(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var written []int
	failed := 0
	for i := 0; failed < 2; i++ {
		if i > 1000 {
			t.Fatal("the tmpfs never filled")
		}
		if err := l.Write(numbered(i)); err == nil {
			written = append(written, i)
		} else if errors.Is(err, ErrWrite) {
			failed++
		} else {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	for i := 1000; i < 1003; i++ {
		if err := l.Write(numbered(i)); err != nil {
			t.Fatalf("after space was freed: %v", err)
		}
		written = append(written, i)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, data, written)
	if !bytes.Contains(data, []byte("\n{\"time\"")) || bytes.Count(data, []byte("\n")) == len(written) {
		t.Errorf("the full disk left no torn record, so this test showed nothing:\n%s", data)
	}
}
