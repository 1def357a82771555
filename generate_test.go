package toolgen_test

import (
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/generate"
	"github.com/toolgen/toolgen/internal/genout"
)

// TestGeneratedIsFresh regenerates the example in memory and compares it with the committed
// generated/ folder: a stale, incomplete or orphaned file fails the build.
func TestGeneratedIsFresh(t *testing.T) {
	in, ds := generate.Read(".", "schema.graphql", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, ds := generate.Files(in)
	if files == nil {
		t.Fatalf("the example does not generate:\n%s", ds)
	}
	diff, fresh, err := genout.Verify("generated", files, genout.NewManifest(catalog.ToolgenVersion, generate.Sources(in), files))
	if err != nil {
		t.Fatal(err)
	}
	if !fresh {
		t.Errorf("generated/ is not fresh; run go generate ./... and commit:\n%s", diff)
	}
}
