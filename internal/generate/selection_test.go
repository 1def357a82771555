package generate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/compile/usefultest"
	"github.com/toolgen/toolgen/internal/golden"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/selection"
)

// TestCatalogsUseful runs docs/selection.md's definition of "useful" over every generated document
// of every golden case that compiles, after validating it against the case's schema again.
// Hand-written overrides are judgement calls and are not judged.
func TestCatalogsUseful(t *testing.T) {
	judged := 0
	for _, dir := range golden.Cases(t, "allowlist.yaml") {
		in, ds := Read(dir, "schema.graphql", "allowlist.yaml", "tool-selections")
		if ds.HasErrors() {
			continue
		}
		c, _ := compile.Compile(in)
		if c == nil {
			continue
		}
		schema, _ := gqlschema.Load(in.SchemaSources()...)
		for _, tool := range c.Tools {
			if tool.Selection != "generated" {
				continue
			}
			doc, vds := selection.Parse(schema, tool.Name+".graphql", tool.Operation)
			if len(vds) > 0 {
				t.Errorf("%s: %s: invalid: %s", dir, tool.Name, vds)
				continue
			}
			if err := usefultest.Check(schema, doc.Operations[0]); err != nil {
				t.Errorf("%s: %s is not useful: %v\n%s", dir, tool.Name, err, tool.Operation)
			}
			judged++
		}
	}
	if judged == 0 {
		t.Fatal("no generated document was judged: the golden cases are missing or none compiles")
	}
}

// TestSelectionDeterministic generates every selection case twice: the rule walks maps of the
// schema (types, possible types), and none of that order may reach the output.
func TestSelectionDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("generates every selection case twice more; TestGolden already pins their bytes")
	}
	dirs := selectionCases(t)
	for _, dir := range dirs {
		a, da := generateCase(t, dir)
		b, db := generateCase(t, dir)
		if diff := cmp.Diff(a, b); diff != "" || da != db {
			t.Errorf("%s: two runs differ:\n%s%s\n%s", dir, diff, da, db)
		}
	}
}

// selectionCases are the golden cases that pin a property of the default selection.
func selectionCases(t *testing.T) []string {
	var dirs []string
	for _, dir := range golden.Cases(t, "allowlist.yaml") {
		if strings.HasPrefix(filepath.Base(dir), "selection_") {
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) == 0 {
		t.Fatal("no testdata/selection_* cases")
	}
	return dirs
}
