package generate

import (
	"path/filepath"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/genout"
)

// TestGeneratedIsFresh regenerates the module root's example in memory and compares it with
// the committed generated/ folder: a stale, incomplete or orphaned file fails the build. It
// lives here, not in the root package, so the root's test binary does not link the compiler
// and the tokenizer a second time.
func TestGeneratedIsFresh(t *testing.T) {
	root := filepath.Join("..", "..")
	in, ds := Read(root, "schema.graphql", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, ds := FilesWith(in, Options{})
	if files == nil {
		t.Fatalf("the example does not generate:\n%s", ds)
	}
	diff, fresh, err := genout.Verify(filepath.Join(root, "generated"), files, genout.NewManifest(catalog.ToolgenVersion, Sources(in), files))
	if err != nil {
		t.Fatal(err)
	}
	if !fresh {
		t.Errorf("generated/ is not fresh; run go generate ./... and commit:\n%s", diff)
	}
}
