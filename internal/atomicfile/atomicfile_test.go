package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesWholeAndLeavesNoTemporary(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.json")
	for _, want := range []string{"first", "second, longer"} {
		if err := Write(p, []byte(want)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != want {
			t.Fatalf("read %q, %v; want %q", got, err, want)
		}
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries left in the folder, want only the file", len(entries))
	}
	missing := filepath.Join(dir, "missing", "f")
	if err := Write(missing, nil); err == nil || !strings.Contains(err.Error(), "cannot write "+missing+": the folder "+filepath.Dir(missing)+" does not exist") {
		t.Errorf("a write into a missing folder: %v; want the file and folder named, not the temporary file", err)
	}
}
