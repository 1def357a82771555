// Package opdoc prints validated operation documents: Compact is the exact one-line document the
// runtime sends (comments dropped, single spaces), Pretty is the indented form reviewers read in
// generated/operations/. Both print from the parsed AST, so an override's formatting and comments
// never leak into what is sent.
package opdoc

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// Compact prints doc on one line: operations first, then fragments, in document order.
func Compact(doc *ast.QueryDocument) string {
	p := printer{}
	p.document(doc)
	return p.String()
}

// Pretty prints doc with one selection per line, indented by two spaces, a blank line between
// definitions and a trailing newline: the same tokens as Compact, laid out for review.
func Pretty(doc *ast.QueryDocument) string {
	p := printer{pretty: true}
	p.document(doc)
	return p.String() + "\n"
}

// printer writes one document; pretty switches the separators from spaces to indented lines.
type printer struct {
	strings.Builder
	pretty bool
	depth  int
}

func (p *printer) document(doc *ast.QueryDocument) {
	for _, op := range doc.Operations {
		p.operation(op)
	}
	for _, f := range doc.Fragments {
		p.sep()
		p.WriteString("fragment " + f.Name + " on " + f.TypeCondition)
		p.directives(f.Directives)
		p.selectionSet(f.SelectionSet)
	}
}

// sep separates two top-level definitions.
func (p *printer) sep() {
	switch {
	case p.Len() == 0:
	case p.pretty:
		p.WriteString("\n\n")
	default:
		p.WriteByte(' ')
	}
}

// line starts the next selection: a space on one line, or a new indented line.
func (p *printer) line() {
	if !p.pretty {
		p.WriteByte(' ')
		return
	}
	p.WriteByte('\n')
	p.WriteString(strings.Repeat("  ", p.depth))
}

func (p *printer) operation(op *ast.OperationDefinition) {
	p.sep()
	p.WriteString(string(op.Operation))
	if op.Name != "" {
		p.WriteString(" " + op.Name)
	}
	if len(op.VariableDefinitions) > 0 {
		p.WriteByte('(')
		for i, v := range op.VariableDefinitions {
			if i > 0 {
				p.WriteString(", ")
			}
			p.WriteString("$" + v.Variable + ": " + v.Type.String())
			if v.DefaultValue != nil {
				p.WriteString(" = " + Value(v.DefaultValue))
			}
			p.directives(v.Directives)
		}
		p.WriteByte(')')
	}
	p.directives(op.Directives)
	p.selectionSet(op.SelectionSet)
}

func (p *printer) selectionSet(set ast.SelectionSet) {
	if len(set) == 0 {
		return
	}
	p.WriteString(" {")
	p.depth++
	for _, s := range set {
		p.line()
		p.selection(s)
	}
	p.depth--
	p.line()
	p.WriteString("}")
}

func (p *printer) selection(s ast.Selection) {
	switch s := s.(type) {
	case *ast.Field:
		if s.Alias != "" && s.Alias != s.Name {
			p.WriteString(s.Alias + ": ")
		}
		p.WriteString(s.Name)
		p.arguments(s.Arguments)
		p.directives(s.Directives)
		p.selectionSet(s.SelectionSet)
	case *ast.FragmentSpread:
		p.WriteString("..." + s.Name)
		p.directives(s.Directives)
	case *ast.InlineFragment:
		p.WriteString("...")
		if s.TypeCondition != "" {
			p.WriteString(" on " + s.TypeCondition)
		}
		p.directives(s.Directives)
		p.selectionSet(s.SelectionSet)
	}
}

func (p *printer) arguments(args ast.ArgumentList) {
	if len(args) == 0 {
		return
	}
	p.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(a.Name + ": " + Value(a.Value))
	}
	p.WriteByte(')')
}

func (p *printer) directives(ds ast.DirectiveList) {
	for _, d := range ds {
		p.WriteString(" @" + d.Name)
		p.arguments(d.Arguments)
	}
}

// Value prints a GraphQL input value literal with single spaces after commas and colons.
func Value(v *ast.Value) string {
	switch v.Kind {
	case ast.ListValue:
		parts := make([]string, len(v.Children))
		for i, c := range v.Children {
			parts[i] = Value(c.Value)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case ast.ObjectValue:
		parts := make([]string, len(v.Children))
		for i, c := range v.Children {
			parts[i] = c.Name + ": " + Value(c.Value)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return v.String()
}

// HasDefault reports whether v, the default of an argument, input field or variable, is one a
// caller can leave a value out for: present and not null. graphene and Strawberry print
// `= null` on every optional argument (Nautical has 127 `first: Int = null`); on a nullable type
// it means what no default means, and a non-null type cannot hold it, so everything that asks
// "is there a default?" (a page size to bound, a required input, a "default" to write) asks this.
func HasDefault(v *ast.Value) bool { return v != nil && v.Kind != ast.NullValue }

// RootField is the first root field that the first operation of src selects, read without a
// schema, or "" when src does not parse: enough to tell which tool a document is for.
func RootField(src string) string {
	doc, err := parser.ParseQuery(&ast.Source{Name: "operation", Input: src})
	if err != nil || len(doc.Operations) == 0 {
		return ""
	}
	for _, s := range doc.Operations[0].SelectionSet {
		if f, ok := s.(*ast.Field); ok {
			return f.Name
		}
	}
	return ""
}
