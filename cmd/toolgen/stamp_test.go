package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// buildID must read the same id as the Go tool does, or an unchanged run could survive a
// rebuild of toolgen.
func TestBuildIDMatchesTheGoTool(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("the ELF path is what this checks")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Skipf("go tool buildid: %v", err)
	}
	if got, want := buildID(), strings.TrimSpace(string(out)); got == "" || got != want {
		t.Errorf("buildID() = %q, want %q", got, want)
	}
}

func TestTextBuildID(t *testing.T) {
	t.Parallel()
	b := []byte("junk\xff Go build ID: \"abc/def\"\n \xffmore")
	if got := textBuildID(b); got != "abc/def" {
		t.Errorf("textBuildID = %q", got)
	}
	for _, bad := range []string{"", "\xff Go build ID: \"unterminated", "no marker"} {
		if got := textBuildID([]byte(bad)); got != "" {
			t.Errorf("textBuildID(%q) = %q, want none", bad, got)
		}
	}
}

// A stamp matches only the build and options that saved it, and the manifest it saved.
func TestStampMatchesOnlyItsBuildAndManifest(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "stamp")
	manifest := []byte(`{"files": {}}`)
	saved := stamp{path: path, key: "toolgen build A\n-package=\"x\"\n"}
	saved.save(manifest, "warning: over budget\n")
	if w, ok := saved.matches(manifest); !ok || w != "warning: over budget\n" {
		t.Errorf("the saving build: matches = %v, warnings %q", ok, w)
	}
	for name, s := range map[string]stamp{
		"another build":   {path: path, key: "toolgen build B\n-package=\"x\"\n"},
		"another option":  {path: path, key: "toolgen build A\n-package=\"y\"\n"},
		"no cache folder": {key: saved.key},
	} {
		if _, ok := s.matches(manifest); ok {
			t.Errorf("%s matched", name)
		}
	}
	if _, ok := saved.matches([]byte(`{"files": {"a": "b"}}`)); ok {
		t.Error("another manifest matched")
	}
}

// TestStampsStayBounded: a new folder's stamp deletes the oldest stamps beyond maxStamps, and
// nothing that is not a stamp.
func TestStampsStayBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	var names []string
	for i := range maxStamps + 6 {
		name := fmt.Sprintf("%064x", i)
		names = append(names, name)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, old.Add(time.Duration(i)*time.Second), old.Add(time.Duration(i)*time.Second))
	}
	os.WriteFile(filepath.Join(dir, "tmp-123"), []byte("another run's temporary file"), 0o600)
	s := stamp{path: filepath.Join(dir, fmt.Sprintf("%064x", 9999)), key: "k"}
	s.save([]byte("manifest"), "")
	left, _ := os.ReadDir(dir)
	if len(left) != maxStamps+1 { // the stamps, the new one included, and the temporary file
		t.Fatalf("%d files left, want %d", len(left), maxStamps+1)
	}
	for _, gone := range names[:7] {
		if _, err := os.Stat(filepath.Join(dir, gone)); err == nil {
			t.Errorf("the old stamp %s is still there", gone[56:])
		}
	}
	for _, kept := range append(names[7:], "tmp-123") {
		if _, err := os.Stat(filepath.Join(dir, kept)); err != nil {
			t.Errorf("%s was deleted", kept)
		}
	}
	if _, ok := s.matches([]byte("manifest")); !ok {
		t.Error("the new stamp does not match")
	}
}
