package cachedir

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestDirHonoursTheVariable(t *testing.T) {
	t.Setenv(EnvVar, "/x/y")
	if p, err := Path("a/b"); err != nil || p != filepath.Join("/x/y", "a", "b") {
		t.Errorf("Path = %q, %v", p, err)
	}
}

// Writers racing on one path leave one whole file, never a mix, and no temporary files.
func TestWriteAtomicUnderContention(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "f")
	contents := map[string]bool{}
	var wg sync.WaitGroup
	for i := range 8 {
		c := string(rune('a'+i)) + string(make([]byte, 1<<16))
		contents[c] = true
		wg.Go(func() {
			if err := WriteAtomic(p, []byte(c)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	b, err := os.ReadFile(p)
	if err != nil || !contents[string(b)] {
		t.Fatalf("file holds none of the writes whole (%d bytes, %v)", len(b), err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(p)); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}
