package compile

import (
	"path"

	"github.com/toolgen/toolgen/catalog"
)

// stamp writes which toolgen compiled the catalog and the digest of its inputs, so that the
// catalog Compile returns is the whole IR: every emitter renders it as it is.
func stamp(c *catalog.Catalog, in Inputs) {
	if c == nil {
		return
	}
	c.Toolgen = catalog.ToolgenVersion
	c.Inputs = catalog.InputsDigest(in.Schema, in.Allowlist, baseNames(in.Selections))
}

// baseNames keys the overrides by file name, so the inputs digest does not depend on the folder.
func baseNames(sel map[string][]byte) map[string][]byte {
	out := make(map[string][]byte, len(sel))
	for p, b := range sel {
		out[path.Base(p)] = b
	}
	return out
}
