// Package opbuild writes the default operation document of a root field: every argument
// forwarded as a variable of exactly its GraphQL type, and a default selection of the result.
package opbuild

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// OperationName is the name every tool's operation carries, generated or written by hand.
func OperationName(tool string) string { return "Tool_" + tool }

// Build returns the default document for root field f of the given kind ("query" or "mutation").
// It fails with a message (no position: the caller knows where the tool was declared) when no
// valid default selection exists.
func Build(schema *ast.Schema, kind string, f *ast.FieldDefinition) (string, error) {
	sel, err := selection(schema, f)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(kind + " " + OperationName(f.Name))
	if len(f.Arguments) > 0 {
		vars := make([]string, len(f.Arguments))
		args := make([]string, len(f.Arguments))
		for i, a := range f.Arguments {
			vars[i] = "$" + a.Name + ": " + a.Type.String()
			args[i] = a.Name + ": $" + a.Name
		}
		b.WriteString("(" + strings.Join(vars, ", ") + ")")
		b.WriteString(" { " + f.Name + "(" + strings.Join(args, ", ") + ")")
	} else {
		b.WriteString(" { " + f.Name)
	}
	b.WriteString(sel + " }")
	return b.String(), nil
}

// selection is the seed's rule: the scalar and enum fields of the returned object or interface
// that need no arguments, in declaration order.
func selection(schema *ast.Schema, f *ast.FieldDefinition) (string, error) {
	t := schema.Types[f.Type.Name()]
	switch {
	case t == nil:
		return "", fmt.Errorf("its type %s is not defined", f.Type.Name())
	case t.Kind == ast.Scalar || t.Kind == ast.Enum:
		return "", nil
	case t.Kind == ast.Union:
		return "", fmt.Errorf("it returns the union %s, and a union needs a selection per member", t.Name)
	}
	var leaves []string
	for _, sub := range t.Fields {
		if strings.HasPrefix(sub.Name, "__") || needsArgs(sub) {
			continue
		}
		if k := schema.Types[sub.Type.Name()]; k != nil && (k.Kind == ast.Scalar || k.Kind == ast.Enum) {
			leaves = append(leaves, sub.Name)
		}
	}
	if len(leaves) == 0 {
		return "", fmt.Errorf("its type %s has no scalar or enum fields to select", t.Name)
	}
	return " { " + strings.Join(leaves, " ") + " }", nil
}

// needsArgs reports whether a field has a required argument without a default: such a field
// cannot be selected without inventing a value.
func needsArgs(f *ast.FieldDefinition) bool {
	for _, a := range f.Arguments {
		if a.Type.NonNull && a.DefaultValue == nil {
			return true
		}
	}
	return false
}
