package gqlschema

// sources.go parses a schema split over several files. Each file is its own *ast.Source, so a
// position in the merged document names the file it came from; the files are parsed side by
// side (they are independent until validation) and merged in the order given, which is the
// order of their definitions: the root fields of type Query and its extensions, and so the
// tools, follow it.

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// parseAll parses every source and merges them in order. A file that fails to parse is
// reported with its own first error, and every failing file is reported, not only the first.
func parseAll(sources []*ast.Source) (*ast.SchemaDocument, diag.List) {
	if len(sources) == 1 { // one file: the pieces path, as before there were several
		doc, err := parse(sources[0])
		if err != nil {
			return nil, fromError(sources[0].Name, sources[0].Input, err)
		}
		return doc, nil
	}
	docs := make([]*ast.SchemaDocument, len(sources))
	errs := make([]error, len(sources))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(sources)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(sources); i = int(next.Add(1) - 1) {
				docs[i], errs[i] = parse(sources[i])
			}
		})
	}
	wg.Wait()
	var ds diag.List
	for i, err := range errs {
		if err != nil {
			ds = append(ds, fromError(sources[i].Name, sources[i].Input, err)...)
		}
	}
	if ds != nil {
		return nil, ds
	}
	doc := &ast.SchemaDocument{}
	for _, d := range docs {
		doc.Merge(d)
	}
	doc.Comment = docs[len(docs)-1].Comment
	return doc, nil
}
