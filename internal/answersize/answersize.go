// Package answersize estimates how many leaf values one answer of an operation holds, so a
// reviewer sees what a tool costs in the model's context after a call, not only before it.
// Lists count at their page size (an argument named in PageSizeArgs or its default, a number or
// an enum value that spells one, given directly or as a field of an input object argument), else
// at listGuess; of several union or interface branches only the largest counts, since one
// object takes one branch.
package answersize

import (
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
)

// listGuess is the length assumed for a list whose size no argument sets.
const listGuess = 5

// PageSizeArgs are the argument (and input field) names that set how many items a list returns,
// in the order they are looked for. It is the one list: the default selection (internal/opbuild)
// gives the first of them present its page-size default, and this package counts a list at the
// value one of them holds, so the document and its estimate read the same argument.
var PageSizeArgs = []string{"first", "take", "limit", "size", "pageSize", "perPage", "per_page", "top", "count", "last"}

// Leaves estimates the leaf values of one answer of doc's first operation. doc must have been
// validated against schema: list types come from the fields' definitions, and the page size an
// input object argument carries from its type's defaults.
func Leaves(schema *ast.Schema, doc *ast.QueryDocument) int {
	if doc == nil || len(doc.Operations) == 0 {
		return 0
	}
	op := doc.Operations[0]
	e := &estimator{schema: schema, doc: doc, vars: op.VariableDefinitions}
	return e.set(op.SelectionSet, "", 0, 0)
}

type estimator struct {
	schema *ast.Schema
	doc    *ast.QueryDocument
	vars   ast.VariableDefinitionList
}

// set counts a selection set on an object of type parent: its fields, plus the fragments on
// parent itself, plus the largest fragment on any other type.
func (e *estimator) set(set ast.SelectionSet, parent string, page, depth int) int {
	if depth > 32 {
		return 0
	}
	sum, branch := 0, map[string]int{}
	add := func(on string, n int) {
		if on == "" || on == parent {
			sum += n
		} else {
			branch[on] += n
		}
	}
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			sum += e.field(s, page, depth)
		case *ast.InlineFragment:
			add(s.TypeCondition, e.set(s.SelectionSet, parent, page, depth+1))
		case *ast.FragmentSpread:
			if f := e.doc.Fragments.ForName(s.Name); f != nil {
				add(f.TypeCondition, e.set(f.SelectionSet, parent, page, depth+1))
			}
		}
	}
	most := 0
	for _, n := range branch {
		most = max(most, n)
	}
	return sum + most
}

// field counts one field: 1 for a leaf, its selection otherwise, times its list lengths. A page
// size set on a non-list field (a connection) applies to the first list below it.
func (e *estimator) field(f *ast.Field, page, depth int) int {
	if size := e.pageSize(f); size > 0 {
		page = size
	}
	mult := 1
	typ, parent := (*ast.Type)(nil), ""
	if f.Definition != nil {
		typ, parent = f.Definition.Type, f.Definition.Type.Name()
	}
	for t := typ; t != nil && t.Elem != nil; t = t.Elem {
		n := listGuess
		if page > 0 {
			n, page = page, 0
		}
		mult *= n
	}
	if len(f.SelectionSet) == 0 {
		return mult
	}
	return mult * e.set(f.SelectionSet, parent, page, depth+1)
}

// pageSize reads a page-size argument (a literal, a variable's default, or the argument's
// default), or else the page size inside an input object argument (Aave's
// activities(request: { pageSize: FIFTY })).
func (e *estimator) pageSize(f *ast.Field) int {
	if f.Definition == nil {
		return 0
	}
	for _, ad := range f.Definition.Arguments { // arguments left out take their defaults too
		if contains(PageSizeArgs, ad.Name) {
			if n := size(e.value(given(f, ad.Name), ad.DefaultValue)); n > 0 {
				return n
			}
		}
	}
	for _, ad := range f.Definition.Arguments {
		if n := e.inputPageSize(e.value(given(f, ad.Name), ad.DefaultValue), ad.Type.Name()); n > 0 {
			return n
		}
	}
	return 0
}

// given is the value field f passes to its argument name, or nil.
func given(f *ast.Field, name string) *ast.Value {
	if a := f.Arguments.ForName(name); a != nil {
		return a.Value
	}
	return nil
}

// value is v with a variable replaced by its default, else by def (the default of the argument
// or input field it feeds); def when v is nil (not given).
func (e *estimator) value(v, def *ast.Value) *ast.Value {
	if v == nil {
		return def
	}
	if v.Kind == ast.Variable {
		if d := e.vars.ForName(v.Raw); d != nil && d.DefaultValue != nil {
			return d.DefaultValue
		}
		return def
	}
	return v
}

// inputPageSize is the page size an input object value v of type typeName carries: its own
// page-size field, else that field's default in the type (what the server uses when the model
// leaves it out).
func (e *estimator) inputPageSize(v *ast.Value, typeName string) int {
	if e.schema == nil {
		return 0
	}
	t := e.schema.Types[typeName]
	if t == nil || t.Kind != ast.InputObject {
		return 0
	}
	for _, name := range PageSizeArgs {
		fd := t.Fields.ForName(name)
		if fd == nil {
			continue
		}
		var set *ast.Value
		if v != nil && v.Kind == ast.ObjectValue {
			set = v.Children.ForName(name)
		}
		if n := size(e.value(set, fd.DefaultValue)); n > 0 {
			return n
		}
	}
	return 0
}

// size reads a page size from an Int or from an enum value that spells one, capped at 1000.
func size(v *ast.Value) int {
	n := 0
	switch {
	case v == nil:
	case v.Kind == ast.IntValue:
		n, _ = strconv.Atoi(v.Raw)
	case v.Kind == ast.EnumValue:
		n = enumNumber(v.Raw)
	}
	if n > 0 {
		return min(n, 1000)
	}
	return 0
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
