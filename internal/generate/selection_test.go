package generate

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/toolgen/toolgen/internal/useful"
)

// TestCatalogsUseful runs docs/selection.md's definition of "useful" over every generated document
// of every golden case that compiles, after validating it against the case's schema again.
// Hand-written overrides are judgement calls and are not judged.
func TestCatalogsUseful(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/*/allowlist.yaml")
	for _, p := range dirs {
		dir := filepath.Dir(p)
		in, ds := Read(dir, "schema.graphql", "allowlist.yaml", "tool-selections")
		if ds.HasErrors() {
			continue
		}
		c, _ := compile.Compile(in)
		if c == nil {
			continue
		}
		schema, _ := gqlschema.Load(in.SchemaPath, in.Schema)
		for _, tool := range c.Tools {
			if tool.Selection != "generated" {
				continue
			}
			doc, vds := selection.Parse(schema, tool.Name+".graphql", tool.Operation)
			if len(vds) > 0 {
				t.Errorf("%s: %s: invalid: %s", dir, tool.Name, vds)
				continue
			}
			if err := useful.Check(schema, doc.Operations[0]); err != nil {
				t.Errorf("%s: %s is not useful: %v\n%s", dir, tool.Name, err, tool.Operation)
			}
		}
	}
}

// TestSelectionDeterministic generates every selection case twice: the rule walks maps of the
// schema (types, possible types), and none of that order may reach the output.
func TestSelectionDeterministic(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/selection_*")
	for _, dir := range dirs {
		a, da := generateCase(t, dir)
		b, db := generateCase(t, dir)
		if diff := cmp.Diff(a, b); diff != "" || da != db {
			t.Errorf("%s: two runs differ:\n%s%s\n%s", dir, diff, da, db)
		}
	}
}
