// Package generate is toolgen's pure core: inputs in, the full contents of generated/ out
// (map[path][]byte) plus diagnostics. cmd/toolgen, the golden tests, the freshness test and the
// benchmarks all call the same function, so what is tested is what is written.
package generate

import (
	"fmt"
	"maps"

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
	out := map[string][]byte{}
	for _, emit := range emitters {
		files, err := emit(c)
		if err != nil {
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
