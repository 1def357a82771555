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

// TestTableCells checks that every table row has its header's number of cells (6 in the role
// tables, 4 in the input tables), whatever the names, descriptions and notes hold.
func TestTableCells(t *testing.T) {
	for _, name := range []string{"moviedb", "awkward", "noroles"} {
		md := string(render(t, load(t, filepath.Join("testdata", name, "catalog.json"))))
		header := 0
		for _, line := range strings.Split(md, "\n") {
			if !strings.HasPrefix(line, "|") {
				header = 0
				continue
			}
			cells := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") - 1
			if header == 0 {
				header = cells
				if cells != 6 && cells != 4 {
					t.Errorf("%s: a table with %d columns: %s", name, cells, line)
				}
				continue
			}
			if cells != header {
				t.Errorf("%s: row has %d cells, want %d: %s", name, cells, header, line)
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
