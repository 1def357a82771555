package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The go mod tidy hint is for a module whose go.mod lacks what toolrt needs: not for a folder
// in no module, nor for a module that already lists it.
func TestNeedsTidy(t *testing.T) {
	none := t.TempDir()
	if needsTidy(filepath.Join(none, "tools")) {
		t.Error("a folder in no module needs go mod tidy")
	}
	bare, listed := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(bare, "go.mod"), []byte("module a\n\ngo 1.24\n"), 0o644)
	os.WriteFile(filepath.Join(listed, "go.mod"), []byte("module b\n\ngo 1.24\n\nrequire "+toolrtDependency+" v6.0.2 // indirect\n"), 0o644)
	if !needsTidy(filepath.Join(bare, "tools")) {
		t.Error("a module without toolrt's dependencies does not need go mod tidy")
	}
	if needsTidy(filepath.Join(listed, "tools")) {
		t.Error("a module that lists them needs go mod tidy")
	}
}
