// Package selection loads the hand-written operations in tool-selections/, validates each one
// against the schema, and checks that it is the right operation for its tool: exactly one
// operation, named Tool_<tool>, of the tool's kind, whose only root field is the tool's field.
package selection

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// Override is one validated tool-selections/<tool>.graphql.
type Override struct {
	Tool string
	File string
	Doc  *ast.QueryDocument
}

// Parse parses and validates a document against the schema, with positions in file.
func Parse(schema *ast.Schema, file, text string) (*ast.QueryDocument, diag.List) {
	doc, err := parser.ParseQuery(&ast.Source{Name: file, Input: text})
	if err != nil {
		return nil, fromError(file, err)
	}
	var ds diag.List
	for _, e := range validator.Validate(schema, doc) {
		ds = append(ds, fromGQL(file, e))
	}
	if len(ds) > 0 {
		return nil, ds
	}
	return doc, nil
}

// ToolName is the tool an override file belongs to: its base name without .graphql.
func ToolName(file string) string {
	return strings.TrimSuffix(path.Base(file), ".graphql")
}

// Check verifies that doc is the operation for tool, a root field of the given kind.
func Check(file, tool, kind string, doc *ast.QueryDocument) diag.List {
	var ds diag.List
	if len(doc.Operations) != 1 {
		ds.Add(file, 1, 1, fmt.Sprintf("the file holds %d operations, want exactly one", len(doc.Operations)),
			fmt.Sprintf("keep only the operation %s (fragments are fine)", "Tool_"+tool))
		return ds
	}
	op := doc.Operations[0]
	line, col := op.Position.Line, op.Position.Column
	if want := "Tool_" + tool; op.Name != want {
		ds.Add(file, line, col, fmt.Sprintf("the operation is named %q, want %q", op.Name, want), "rename the operation to "+want)
	}
	if string(op.Operation) != kind {
		ds.Add(file, line, col, fmt.Sprintf("the operation is a %s, but %s is a %s field", op.Operation, tool, kind),
			fmt.Sprintf("write %s Tool_%s ...", kind, tool))
	}
	if !onlyField(op.SelectionSet, tool) {
		ds.Add(file, line, col, fmt.Sprintf("the operation must select exactly the root field %s, without an alias", tool),
			fmt.Sprintf("select only %s(...) { ... } at the top level", tool))
	}
	return ds
}

// onlyField reports whether set is exactly the field name, unaliased: a second root field or a
// root fragment would run something the allow-list did not name.
func onlyField(set ast.SelectionSet, name string) bool {
	if len(set) != 1 {
		return false
	}
	f, ok := set[0].(*ast.Field)
	return ok && f.Name == name && (f.Alias == "" || f.Alias == name)
}

func fromError(file string, err error) diag.List {
	var ds diag.List
	var one *gqlerror.Error
	if errors.As(err, &one) {
		return append(ds, fromGQL(file, one))
	}
	ds.Add(file, 0, 0, err.Error(), "")
	return ds
}

func fromGQL(file string, e *gqlerror.Error) diag.Diagnostic {
	d := diag.Diagnostic{File: file, Message: strings.TrimSuffix(e.Message, "."), Fix: "fix the operation so that it is valid against the schema"}
	if len(e.Locations) > 0 {
		d.Line, d.Col = e.Locations[0].Line, e.Locations[0].Column
	}
	return d
}
