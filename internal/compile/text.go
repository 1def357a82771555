package compile

import (
	"maps"
	"slices"

	"github.com/toolgen/toolgen/internal/diag"
)

// checkText runs every input through diag.Text: each must be UTF-8 text, and loses a leading
// byte-order mark before any parser reads it. Each file that is not text is one error at its
// first bad byte; the compiler reads no input when any is not.
func checkText(in Inputs) (Inputs, diag.List) {
	var ds diag.List
	check := func(file string, b []byte) []byte {
		out, d := diag.Text(file, b)
		if d != nil {
			ds = append(ds, *d)
			return b
		}
		return out
	}
	if len(in.SchemaFiles) > 0 {
		in.SchemaFiles = slices.Clone(in.SchemaFiles)
		for i := range in.SchemaFiles {
			in.SchemaFiles[i].Data = check(in.SchemaFiles[i].Path, in.SchemaFiles[i].Data)
		}
	} else {
		in.Schema = check(in.SchemaFileList()[0].Path, in.Schema)
	}
	in.Allowlist = check(in.AllowlistPath, in.Allowlist)
	in.Selections = maps.Clone(in.Selections)
	for p, b := range in.Selections {
		in.Selections[p] = check(p, b)
	}
	return in, ds
}
