package compile

import (
	"fmt"

	"github.com/toolgen/toolgen/internal/diag"
)

// schemaName is the name positions in the schema carry: the SDL's when the schema was converted
// from an introspection result.
func (in Inputs) schemaName() string {
	if in.SchemaSDLPath != "" {
		return in.SchemaSDLPath
	}
	return in.SchemaPath
}

// noteSDL says once, when a diagnostic points into the SDL converted from an introspection
// result, what that file is and how to print it: without it, "schema.json.graphql:8497:3" names
// a file nobody wrote, and "schema.json:8497:3" a line that one-line JSON does not have.
func noteSDL(in Inputs, ds diag.List) diag.List {
	if in.SchemaSDLPath == "" {
		return ds
	}
	for _, d := range ds {
		if d.File == in.SchemaSDLPath && d.Line > 0 {
			ds.Warn(in.SchemaSDLPath, 0, 0,
				fmt.Sprintf("the positions in %s are lines of the SDL that toolgen compiles from the introspection result %s", in.SchemaSDLPath, in.SchemaPath),
				fmt.Sprintf("print it with `toolgen introspect %s -o %s` to follow them; better, commit that SDL and pass -schema %s, so that positions hold and schema changes diff line by line", in.SchemaPath, in.SchemaSDLPath, in.SchemaSDLPath))
			ds.Sort()
			return ds
		}
	}
	return ds
}
