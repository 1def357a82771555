package review

import (
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile/compiletest"
)

// cases are compiled from real inputs (compiletest): the repository's example (roles,
// overrides with reasons, lint findings), a case without roles, a library-style API and a tool
// with more inputs than its table lists.
var cases = []string{compiletest.Example, compiletest.Case("awkward_schema"), compiletest.Case("library"), compiletest.Case("review_wide_input")}

// TestGolden renders each case and compares with the CATALOG.md that internal/generate's golden
// test pins for it (want/, or generated/ for the example): those are the only copies.
func TestGolden(t *testing.T) {
	for _, dir := range cases {
		t.Run(path.Base(dir), func(t *testing.T) {
			got := render(t, compiletest.Compile(t, dir))
			if diff := cmp.Diff(string(compiletest.Want(t, dir, Path)), string(got)); diff != "" {
				t.Errorf("%s of %s differs from the pinned file (-want +got; run go test ./internal/generate -update or go generate ./...):\n%s", Path, dir, diff)
			}
		})
	}
}

// TestDeterministic renders twice: roles come from a map, so their order must not.
func TestDeterministic(t *testing.T) {
	c := compiletest.Compile(t, compiletest.Example)
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
	for _, name := range cases {
		md := string(render(t, compiletest.Compile(t, name)))
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

// repoSources are the inputs' names in this repository's layout.
var repoSources = Sources{"schema.graphql", "allowlist.yaml", "tool-selections"}

func render(t *testing.T, c *catalog.Catalog) []byte {
	t.Helper()
	files, err := FilesFrom(c, repoSources)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[Path] == nil {
		t.Fatalf("Files returned %d files, want only %s", len(files), Path)
	}
	return files[Path]
}
