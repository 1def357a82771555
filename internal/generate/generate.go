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

// emitters render the catalog; each owns distinct file names.
func emitters(o Options) []func(*catalog.Catalog) (map[string][]byte, error) {
	return []func(*catalog.Catalog) (map[string][]byte, error){
		catalogfiles.Files,
		func(c *catalog.Catalog) (map[string][]byte, error) { return gocode.Render(c, o) },
		review.Files,
	}
}

// Files compiles the inputs and renders every generated file for this repository's layout.
// On any error diagnostic it returns no files, so a failed run can write nothing.
func Files(in compile.Inputs) (map[string][]byte, diag.List) { return FilesWith(in, Options{}) }

// FilesWith is Files with the package name and input paths of o.
func FilesWith(in compile.Inputs, o Options) (map[string][]byte, diag.List) {
	if o.Schema == "" {
		o.Schema, o.Allowlist = in.SchemaPath, in.AllowlistPath
	}
	c, ds := compile.Compile(in)
	if c == nil {
		return nil, ds
	}
	// The emitters run side by side, each on its own shallow copy (catalog.Marshal sets the
	// copy's Digest); their files are merged in emitter order, so the result does not depend
	// on which finishes first.
	ems := emitters(o)
	results := make([]map[string][]byte, len(ems))
	errs := make([]error, len(ems))
	var wg sync.WaitGroup
	for i, emit := range ems {
		cc := *c
		wg.Go(func() { results[i], errs[i] = emit(&cc) })
	}
	wg.Wait()
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
