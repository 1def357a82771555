// Package generate is toolgen's pure core: inputs in, the full contents of generated/ out
// (map[path][]byte) plus diagnostics. cmd/toolgen, the golden tests, the freshness test and the
// benchmarks all call the same function, so what is tested is what is written.
package generate

import (
	"fmt"
	"maps"
	"sync"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/emit/catalogfiles"
	"github.com/toolgen/toolgen/internal/emit/gocode"
	"github.com/toolgen/toolgen/internal/emit/review"
)

// Options are what the output depends on besides the inputs: the Go package's name and the
// input paths its header names. The zero value is this repository's layout.
type Options = gocode.Options

// emitter renders the catalog into files of its own names. One that does not read the
// review (lint findings and what else only CATALOG.md shows) starts before the lints run.
type emitter struct {
	emit     func(*catalog.Catalog) (map[string][]byte, error)
	reviewed bool // reads Tool.Review
}

// emitters render the catalog; each owns distinct file names.
func emitters(o Options) []emitter {
	return []emitter{
		{emit: func(c *catalog.Catalog) (map[string][]byte, error) { return catalogfiles.Files(c, o.Selections) }},
		{emit: func(c *catalog.Catalog) (map[string][]byte, error) { return gocode.Render(c, o) }},
		{emit: func(c *catalog.Catalog) (map[string][]byte, error) {
			return review.FilesFrom(c, review.Sources{Schema: o.Schema, Allowlist: o.Allowlist, Selections: o.Selections})
		}, reviewed: true},
	}
}

// FilesWith compiles the inputs and renders every generated file, with the package name and
// input paths of o (the inputs' own paths when o names none). On any error diagnostic it returns
// no files, so a failed run can write nothing.
func FilesWith(in compile.Inputs, o Options) (map[string][]byte, diag.List) {
	if o.Schema == "" {
		o.Schema, o.Allowlist = in.SchemaPath, in.AllowlistPath
	}
	o = o.WithDefaults()
	// The emitters run side by side, each on its own shallow copy (catalog.Marshal sets the
	// copy's Digest); their files are merged in emitter order, so the result does not depend
	// on which finishes first. Those that do not read the review start while the lints run.
	ems := emitters(o)
	results := make([]map[string][]byte, len(ems))
	errs := make([]error, len(ems))
	var wg sync.WaitGroup
	defer wg.Wait() // an error after the early start must not leave it running
	start := func(c *catalog.Catalog, reviewed bool) {
		for i, e := range ems {
			if e.reviewed == reviewed {
				cc := *c
				wg.Go(func() { results[i], errs[i] = e.emit(&cc) })
			}
		}
	}
	c, ds := compile.CompileThen(in, func(built *catalog.Catalog) { start(built, false) })
	if c == nil {
		return nil, ds
	}
	start(c, true)
	wg.Wait()
	return merge(results, errs, ds)
}

// merge joins the emitters' files in emitter order; a failed emitter or a name two emitters
// produce is a toolgen bug and yields no files.
func merge(results []map[string][]byte, errs []error, ds diag.List) (map[string][]byte, diag.List) {
	out := map[string][]byte{}
	for i, files := range results {
		if err := errs[i]; err != nil {
			ds.Add("generated", 0, 0, fmt.Sprintf("rendering failed: %v", err), "this is a toolgen bug; please report it with your inputs")
			return nil, ds
		}
		for p := range files {
			if _, dup := out[p]; dup {
				ds.Add("generated", 0, 0, fmt.Sprintf("two emitters produce %s", p), "this is a toolgen bug; please report it")
				return nil, ds
			}
		}
		maps.Copy(out, files)
	}
	return out, ds
}
