// Package generate is toolgen's pure core: inputs in, the full contents of generated/ out
// (map[path][]byte) plus diagnostics. cmd/toolgen, the golden tests, the freshness test and the
// benchmarks all call the same function, so what is tested is what is written.
package generate

import (
	"fmt"
	"maps"
	"path"
	"sync"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/emit/catalogfiles"
	"github.com/toolgen/toolgen/internal/emit/gocode"
	"github.com/toolgen/toolgen/internal/emit/review"
)

// emitters render the catalog; each owns distinct file names.
var emitters = []func(*catalog.Catalog) (map[string][]byte, error){
	catalogfiles.Files,
	gocode.Files,
	review.Files,
}

// Files compiles the inputs and renders every generated file. On any error diagnostic it
// returns no files, so a failed run can write nothing.
func Files(in compile.Inputs) (map[string][]byte, diag.List) {
	c, ds := compile.Compile(in)
	if c == nil {
		return nil, ds
	}
	c.Toolgen = catalog.ToolgenVersion
	c.Inputs = catalog.InputsDigest(in.Schema, in.Allowlist, baseNames(in.Selections))
	// The emitters run side by side, each on its own shallow copy (catalog.Marshal sets the
	// copy's Digest); their files are merged in emitter order, so the result does not depend
	// on which finishes first.
	results := make([]map[string][]byte, len(emitters))
	errs := make([]error, len(emitters))
	var wg sync.WaitGroup
	for i, emit := range emitters {
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

// baseNames keys the overrides by file name, so the inputs digest does not depend on the folder.
func baseNames(sel map[string][]byte) map[string][]byte {
	out := make(map[string][]byte, len(sel))
	for p, b := range sel {
		out[path.Base(p)] = b
	}
	return out
}
