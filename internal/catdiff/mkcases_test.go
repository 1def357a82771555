package catdiff

import (
	"flag"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

var mkcases = flag.Bool("mkcases", false, "rewrite testdata/base.json and testdata/<rule>/new.json from the edits in cases_test.go")

// TestMakeCases writes the old catalog every case shares (testdata/base.json) and each case's
// new one, sealed by catalog.Marshal as toolgen would write them; it runs only with -mkcases, so
// the committed inputs are what the golden test reads.
func TestMakeCases(t *testing.T) {
	if !*mkcases {
		t.Skip("run with -mkcases to rewrite the golden inputs")
	}
	write := func(dir, name string, c *catalog.Catalog) {
		retotal(c)
		b, err := catalog.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	all := maps.Clone(edits)
	all["unchanged"] = func(*catalog.Catalog) {} // a catalog diffed with itself
	write("testdata", "base.json", base())
	for id, edit := range all {
		dir := filepath.Join("testdata", id)
		n := base()
		edit(n)
		write(dir, "new.json", n)
	}
}
