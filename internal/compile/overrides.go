package compile

import (
	"fmt"
	"sort"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/selection"
)

// loadOverrides validates every file of the overrides folder; an override for a tool that is not
// allow-listed is an error, because it would be dead code nobody reviews.
func (c *compiler) loadOverrides(files map[string][]byte) diag.List {
	var ds diag.List
	c.overrides = map[string]*selection.Override{}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths) // map order is random; diagnostics and results must not be
	for _, p := range paths {
		tool := selection.ToolName(p)
		if c.list.Entry(tool) == nil {
			ds.Add(p, 1, 1, fmt.Sprintf("override for %q, which is not allow-listed", tool),
				fmt.Sprintf("add %s to tools: in %s, or delete this file", tool, c.list.Name))
			continue
		}
		kind := c.rootKind(tool)
		if kind == "" {
			continue // allowlist.Resolve already reports the unknown name
		}
		doc, pds := selection.Parse(c.schema, p, string(files[p]))
		if len(pds) > 0 {
			ds = append(ds, pds...)
			continue
		}
		if cds := selection.Check(p, tool, string(kind), doc); len(cds) > 0 {
			ds = append(ds, cds...)
			continue
		}
		c.overrides[tool] = &selection.Override{Tool: tool, File: p, Doc: doc}
	}
	return ds
}
