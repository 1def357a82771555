package generate

import (
	"path"

	"github.com/toolgen/toolgen/internal/compile"
)

// Sources names each input for the output folder's manifest: "schema" (or, for a schema in
// several files, "schema:<path>" for each, its slash path below the folder they all share:
// compile.SchemaFileNames), "allowlist" and "tool-selections/<file>". Other folder paths are
// left out, so the same inputs read from anywhere give the same manifest; a file added to or
// removed from a schema's glob changes it, as does a change in any one file.
func Sources(in compile.Inputs) map[string][]byte {
	out := map[string][]byte{"allowlist": in.Allowlist}
	if files := in.SchemaFileList(); len(files) == 1 {
		out["schema"] = files[0].Data
	} else {
		for n, b := range compile.SchemaFileNames(files) {
			out["schema:"+n] = b
		}
	}
	for p, b := range in.Selections {
		out["tool-selections/"+path.Base(p)] = b
	}
	return out
}
