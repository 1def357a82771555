package compile

import (
	"path"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// stamp writes which toolgen compiled the catalog and the digest of its inputs, so that the
// catalog Compile returns is the whole IR: every emitter renders it as it is.
func stamp(c *catalog.Catalog, in Inputs) {
	if c == nil {
		return
	}
	c.Toolgen = catalog.ToolgenVersion
	files := in.SchemaFileList()
	if len(files) == 1 { // one file's digest does not name it, as before schemas had several
		c.Inputs = catalog.InputsDigest(files[0].Data, in.Allowlist, baseNames(in.Selections))
		return
	}
	c.Inputs = catalog.InputsDigestFiles(SchemaFileNames(files), in.Allowlist, baseNames(in.Selections))
}

// baseNames keys the overrides by file name, so the inputs digest does not depend on the folder.
func baseNames(sel map[string][]byte) map[string][]byte {
	out := make(map[string][]byte, len(sel))
	for p, b := range sel {
		out[path.Base(p)] = b
	}
	return out
}

// SchemaFileNames keys a split schema's files by their slash paths below the folder they all
// share, what the inputs digest and the manifest record of them: the same whether toolgen runs
// at the repository root (graph/a.graphqls), in a package beside it (../graph/a.graphqls) or
// is given an absolute glob, on any machine, while a file renamed, added or moved within the
// schema's folders, which may change the order of the tools, still shows.
func SchemaFileNames(files []SchemaFile) map[string][]byte {
	common := path.Dir(files[0].Path)
	for _, f := range files[1:] {
		for common != "." && common != "/" && !strings.HasPrefix(f.Path, common+"/") {
			common = path.Dir(common)
		}
	}
	out := make(map[string][]byte, len(files))
	for _, f := range files {
		n := f.Path
		if common != "." && common != "/" {
			n = strings.TrimPrefix(n, common+"/")
		}
		out[n] = f.Data
	}
	return out
}
