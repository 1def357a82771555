package genout

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSyncWritesChangedAndDeletesOrphans(t *testing.T) {
	dir := t.TempDir()
	first := map[string][]byte{"a.json": []byte("1\n"), "sub/b.graphql": []byte("b\n"), "old/c.txt": []byte("c\n")}
	if _, err := Sync(dir, first); err != nil {
		t.Fatal(err)
	}
	r, err := Sync(dir, map[string][]byte{"a.json": []byte("1\n"), "sub/b.graphql": []byte("B\n")})
	if err != nil {
		t.Fatal(err)
	}
	want := Report{Written: []string{"sub/b.graphql"}, Deleted: []string{"old/c.txt"}}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(dir, "old")); !os.IsNotExist(err) {
		t.Errorf("empty folder old/ survived: %v", err)
	}
}

func TestSyncRefusesEscapingPaths(t *testing.T) {
	for _, p := range []string{"../x", "/etc/x", "a/../../x", `a\..\x`} {
		if _, err := Sync(t.TempDir(), map[string][]byte{p: nil}); err == nil {
			t.Errorf("Sync accepted %q", p)
		}
	}
}

func TestDiff(t *testing.T) {
	got := Diff("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n")
	want := "  @@ line 2 @@\n  -b\n  +B\n   c\n   d\n  +e\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	long := Diff(strings.Repeat("x\n", 100), strings.Repeat("y\n", 100))
	if !strings.Contains(long, "more lines differ") {
		t.Errorf("long diff not truncated:\n%s", long)
	}
}
