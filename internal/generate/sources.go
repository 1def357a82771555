package generate

import (
	"path"

	"github.com/toolgen/toolgen/internal/compile"
)

// Sources names each input for the output folder's manifest: "schema", "allowlist" and
// "tool-selections/<file>". Folder paths are left out, so the same inputs read from anywhere
// give the same manifest.
func Sources(in compile.Inputs) map[string][]byte {
	out := map[string][]byte{"schema": in.Schema, "allowlist": in.Allowlist}
	for p, b := range in.Selections {
		out["tool-selections/"+path.Base(p)] = b
	}
	return out
}
