package compile

import (
	"github.com/vektah/gqlparser/v2/ast"
)

// SchemaFile is one file of a schema split over several (gqlgen's graph/*.graphqls).
type SchemaFile struct {
	// Path is the file's slash path relative to the repository root, as positions name it.
	Path string
	Data []byte
}

// SchemaFileList returns the schema's files: SchemaFiles, or the one file SchemaPath (under the
// SDL's name when it was converted from an introspection result). Anything that reads the
// schema goes through here, so one file and several are the same case.
func (in Inputs) SchemaFileList() []SchemaFile {
	if len(in.SchemaFiles) > 0 {
		return in.SchemaFiles
	}
	return []SchemaFile{{Path: in.schemaName(), Data: in.Schema}}
}

// SchemaSources are the schema's files as gqlparser reads them (gqlschema.Load), each named
// by its path.
func (in Inputs) SchemaSources() []*ast.Source {
	files := in.SchemaFileList()
	out := make([]*ast.Source, len(files))
	for i, f := range files {
		out[i] = &ast.Source{Name: f.Path, Input: string(f.Data)}
	}
	return out
}

// schemaPaths are the names positions in the schema carry, one per file.
func (in Inputs) schemaPaths() []string {
	files := in.SchemaFileList()
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}
