// Package selection loads the hand-written operations in tool-selections/, validates each one
// against the schema, and checks that it is the right operation for its tool: exactly one
// operation, named Tool_<tool>, of the tool's kind, whose only root field is the tool's field.
package selection

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

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
		return nil, fromError(file, text, err)
	}
	var ds diag.List
	for _, e := range validator.Validate(schema, doc) {
		ds = append(ds, diag.FromGraphQL(file, text, e, fixHint))
	}
	if len(ds) > 0 {
		return nil, ds
	}
	return doc, nil
}

// WrongKind reports an override whose one operation is of another kind than its tool (query
// for a mutation field, mutation for a query field), before validation would report the field
// as missing from the other root type, with what checkRoot finds; nil when the text does not
// parse or the kind is right.
func WrongKind(file, tool, kind, text string) diag.List {
	doc, err := parser.ParseQuery(&ast.Source{Name: file, Input: text})
	if err != nil || len(doc.Operations) != 1 || string(doc.Operations[0].Operation) == kind {
		return nil
	}
	op := doc.Operations[0]
	var ds diag.List
	ds.Add(file, op.Position.Line, op.Position.Column, fmt.Sprintf("the operation is a %s, but %s is a %s field", op.Operation, tool, kind),
		fmt.Sprintf("write %s Tool_%s ...", kind, tool))
	return append(ds, checkRoot(file, tool, op)...)
}

// ToolName is the tool an override file belongs to: its base name without .graphql.
func ToolName(file string) string {
	return strings.TrimSuffix(path.Base(file), ".graphql")
}

// Check verifies that doc is the operation for tool, a root field of the given kind. Each
// problem is reported where it is: a wrong name at the name, a second root field at that field.
func Check(file, tool, kind string, doc *ast.QueryDocument) diag.List {
	var ds diag.List
	want := "Tool_" + tool
	if len(doc.Operations) == 0 { // an empty file, or fragments only
		ds.Add(file, 1, 1, "the file holds no operation, want one named "+want,
			fmt.Sprintf("write %s %s { %s ... }, or delete the file to use the default selection", kind, want, tool))
		return ds
	}
	if len(doc.Operations) != 1 {
		extra := doc.Operations[1] // the first operation that is not the tool's, at it
		if extra.Name == want {
			extra = doc.Operations[0]
		}
		ds.Add(file, extra.Position.Line, extra.Position.Column, fmt.Sprintf("the file holds %d operations, want exactly one", len(doc.Operations)),
			fmt.Sprintf("keep only the operation %s (fragments are fine)", want))
		return ds
	}
	op := doc.Operations[0]
	switch line, col := namePos(op); {
	case op.Name == "":
		ds.Add(file, line, col, fmt.Sprintf("the operation has no name, want %q", want), fmt.Sprintf("write %s %s", kind, want))
	case op.Name != want:
		ds.Add(file, line, col, fmt.Sprintf("the operation is named %q, want %q", op.Name, want), "rename the operation to "+want)
	}
	if string(op.Operation) != kind {
		ds.Add(file, op.Position.Line, op.Position.Column, fmt.Sprintf("the operation is a %s, but %s is a %s field", op.Operation, tool, kind),
			fmt.Sprintf("write %s %s ...", kind, want))
	}
	return append(ds, checkRoot(file, tool, op)...)
}

// checkRoot reports every top-level selection but the tool's field, unaliased: a second root
// field or a root fragment would run something the allow-list did not name.
func checkRoot(file, tool string, op *ast.OperationDefinition) diag.List {
	var ds diag.List
	has := slices.ContainsFunc(op.SelectionSet, func(s ast.Selection) bool {
		f, ok := s.(*ast.Field)
		return ok && f.Name == tool
	})
	seen := false
	for _, s := range op.SelectionSet {
		p := s.GetPosition()
		f, ok := s.(*ast.Field)
		switch {
		case !ok:
			ds.Add(file, p.Line, p.Column, "the operation's top level holds a fragment",
				fmt.Sprintf("select %s(...) { ... } itself at the top level; fragments are fine inside it", tool))
		case f.Name == tool && seen:
			ds.Add(file, p.Line, p.Column, fmt.Sprintf("the operation selects the root field %s twice", tool), "remove one of them")
		case f.Name == tool:
			seen = true
			if f.Alias != "" && f.Alias != f.Name {
				ds.Add(file, p.Line, p.Column, fmt.Sprintf("the root field %s has the alias %q", tool, f.Alias), fmt.Sprintf("remove the alias: write %s(...) { ... }", tool))
			}
		case has:
			ds.Add(file, p.Line, p.Column, fmt.Sprintf("the operation selects the root field %s besides %s", f.Name, tool),
				fmt.Sprintf("an override runs its tool's root field only: remove %s, and allow-list it as a tool of its own if agents need it", f.Name))
		default:
			ds.Add(file, p.Line, p.Column, fmt.Sprintf("the operation selects the root field %s, but this file is the override of tool %s", f.Name, tool),
				fmt.Sprintf("select %s(...) { ... } instead", tool))
		}
	}
	return ds
}

// namePos is where an operation's name is written: after its keyword (query, mutation), past
// spaces, commas and comments; the operation's own position when it has no name or keyword.
func namePos(op *ast.OperationDefinition) (line, col int) {
	p := op.Position
	if op.Name == "" || p == nil || p.Src == nil || p.Start < 0 {
		return p.Line, p.Column
	}
	src := p.Src.Input
	start := byteOffset(src, p.Start)
	if !strings.HasPrefix(src[start:], string(op.Operation)) {
		return p.Line, p.Column
	}
	i := start + len(op.Operation)
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == ',' || c == '\n' || c == '\r':
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		default:
			if !strings.HasPrefix(src[i:], op.Name) {
				return p.Line, p.Column
			}
			return position(src, i)
		}
	}
	return p.Line, p.Column
}

// byteOffset is the byte offset of the rune at index runes (gqlparser counts runes), or the
// text's length.
func byteOffset(src string, runes int) int {
	n := 0
	for i := range src {
		if n == runes {
			return i
		}
		n++
	}
	return len(src)
}

// position turns a byte offset into a 1-based line and a column in characters, as gqlparser's.
func position(src string, off int) (line, col int) {
	line = 1 + strings.Count(src[:off], "\n")
	start := strings.LastIndexByte(src[:off], '\n') + 1
	return line, 1 + utf8.RuneCountInString(src[start:off])
}

// fixHint is the fix of a problem gqlparser reports that diag.FromGraphQL knows none for.
const fixHint = "fix the operation so that it is valid against the schema"

func fromError(file, text string, err error) diag.List {
	var ds diag.List
	var one *gqlerror.Error
	if errors.As(err, &one) {
		return append(ds, diag.FromGraphQL(file, text, one, fixHint))
	}
	ds.Add(file, 0, 0, err.Error(), "")
	return ds
}
