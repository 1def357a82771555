package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// buildID must read the same id as the Go tool does, or an unchanged run could survive a
// rebuild of toolgen.
func TestBuildIDMatchesTheGoTool(t *testing.T) {
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
