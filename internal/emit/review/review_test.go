package review

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/golden"
)

// TestGolden renders testdata/<case>/catalog.json and compares with CATALOG.md beside it.
func TestGolden(t *testing.T) {
	for _, dir := range golden.Cases(t, "catalog.json") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			got := render(t, load(t, filepath.Join(dir, "catalog.json")))
			golden.File(t, filepath.Join(dir, Path), got)
		})
	}
}

// TestDeterministic renders twice: roles come from a map, so their order must not.
func TestDeterministic(t *testing.T) {
	c := load(t, filepath.Join("testdata", "moviedb", "catalog.json"))
	first := render(t, c)
	for range 5 {
		if diff := cmp.Diff(string(first), string(render(t, c))); diff != "" {
			t.Fatalf("two renders differ (-first +again):\n%s", diff)
		}
	}
}

// TestTableCells checks that every table row has the header's number of cells, whatever the
// names and notes hold.
func TestTableCells(t *testing.T) {
	for _, name := range []string{"moviedb", "awkward", "noroles"} {
		md := string(render(t, load(t, filepath.Join("testdata", name, "catalog.json"))))
		for _, line := range strings.Split(md, "\n") {
			if !strings.HasPrefix(line, "|") {
				continue
			}
			cells := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") - 1
			if cells != 6 {
				t.Errorf("%s: row has %d cells, want 6: %s", name, cells, line)
			}
		}
	}
}

func load(t *testing.T, path string) *catalog.Catalog {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func render(t *testing.T, c *catalog.Catalog) []byte {
	t.Helper()
	files, err := Files(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[Path] == nil {
		t.Fatalf("Files returned %d files, want only %s", len(files), Path)
	}
	return files[Path]
}
