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

// Answer is the estimate of one answer.
type Answer struct {
	// Leaves is the leaf values one answer holds, lists counted at their page size.
	Leaves int
	// ServerSized names the page-size arguments and input fields (input.limit) that would bound
	// a list but are neither given nor defaulted: the server's default decides how long the list
	// is, and Leaves counts it at listGuess. Dialogporten's searchDialogs(input: {limit}) returns
	// 100 dialogs unless told otherwise; an estimate of five would be a claim nothing backs.
	ServerSized []string
	// Unbounded names the root fields that return a list and take no page-size argument or
	// input field at all: nothing a call passes bounds them, and Leaves counts them at listGuess.
	// A field with a list argument (nodes(ids:)) is left out: its length follows that input.
	Unbounded []string
}

// Estimate estimates one answer of doc's first operation. doc must have been validated against
// schema: list types come from the fields' definitions, and the page size an input object
// argument carries from its type's defaults.
func Estimate(schema *ast.Schema, doc *ast.QueryDocument) Answer {
	if doc == nil || len(doc.Operations) == 0 {
		return Answer{}
	}
	op := doc.Operations[0]
	e := &estimator{schema: schema, doc: doc, vars: op.VariableDefinitions}
	n := e.set(op.SelectionSet, "", bound{}, 0)
	return Answer{Leaves: n, ServerSized: e.serverSized, Unbounded: e.unbounded(op.SelectionSet)}
}

// unbounded lists the root fields of set that return a list nothing can bound (see Answer).
func (e *estimator) unbounded(set ast.SelectionSet) []string {
	var out []string
	for _, s := range set {
		f, ok := s.(*ast.Field)
		if !ok || f.Definition == nil || f.Definition.Type.Elem == nil || e.boundable(f.Definition) {
			continue
		}
		out = append(out, f.Alias)
	}
	return out
}

// boundable: def has a page-size argument, an input object argument with a page-size field,
// or a list argument whose length the answer's follows.
func (e *estimator) boundable(def *ast.FieldDefinition) bool {
	for _, a := range def.Arguments {
		if contains(PageSizeArgs, a.Name) || a.Type.Elem != nil {
			return true
		}
		if e.schema == nil {
			continue
		}
		if t := e.schema.Types[a.Type.Name()]; t != nil && t.Kind == ast.InputObject {
			for _, name := range PageSizeArgs {
				if t.Fields.ForName(name) != nil {
					return true
				}
			}
		}
	}
	return false
}

type estimator struct {
	schema      *ast.Schema
	doc         *ast.QueryDocument
	vars        ast.VariableDefinitionList
	serverSized []string
}

// bound is the page size a field sets for the first list at or below it: n items, or, when n is
// 0, the unset argument or input field (unset) that leaves it to the server.
type bound struct {
	n     int
	unset string
}

// set counts a selection set on an object of type parent: its fields, plus the fragments on
// parent itself, plus the largest fragment on any other type.
func (e *estimator) set(set ast.SelectionSet, parent string, page bound, depth int) int {
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
func (e *estimator) field(f *ast.Field, page bound, depth int) int {
	if b := e.pageSize(f); b.n > 0 || b.unset != "" {
		page = b
	}
	mult := 1
	typ, parent := (*ast.Type)(nil), ""
	if f.Definition != nil {
		typ, parent = f.Definition.Type, f.Definition.Type.Name()
	}
	for t := typ; t != nil && t.Elem != nil; t = t.Elem {
		n := listGuess
		switch {
		case page.n > 0:
			n = page.n
		case page.unset != "" && !contains(e.serverSized, page.unset):
			e.serverSized = append(e.serverSized, page.unset)
		}
		page = bound{}
		mult *= n
	}
	if len(f.SelectionSet) == 0 {
		return mult
	}
	return mult * e.set(f.SelectionSet, parent, page, depth+1)
}

// pageSize reads a page-size argument (a literal, a variable's default, or the argument's
// default), or else the page size inside an input object argument (Aave's
// activities(request: { pageSize: FIFTY })). When a page-size argument or input field exists
// but nothing sets it, the bound names it (unset), the first such one in argument order.
func (e *estimator) pageSize(f *ast.Field) bound {
	if f.Definition == nil {
		return bound{}
	}
	var out bound
	note := func(name string) {
		if out.unset == "" {
			out.unset = name
		}
	}
	for _, ad := range f.Definition.Arguments { // arguments left out take their defaults too
		if contains(PageSizeArgs, ad.Name) {
			v := e.value(given(f, ad.Name), ad.DefaultValue)
			if n := size(v); n > 0 {
				return bound{n: n}
			}
			if unsetValue(v) {
				note(ad.Name)
			}
		}
	}
	for _, ad := range f.Definition.Arguments {
		n, unset := e.inputPageSize(e.value(given(f, ad.Name), ad.DefaultValue), ad.Type.Name())
		if n > 0 {
			return bound{n: n}
		}
		if unset != "" {
			note(ad.Name + "." + unset)
		}
	}
	return out
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
// leaves it out). When the type has a page-size field that neither sets, unset names it.
func (e *estimator) inputPageSize(v *ast.Value, typeName string) (n int, unset string) {
	if e.schema == nil {
		return 0, ""
	}
	t := e.schema.Types[typeName]
	if t == nil || t.Kind != ast.InputObject {
		return 0, ""
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
		val := e.value(set, fd.DefaultValue)
		if n := size(val); n > 0 {
			return n, ""
		}
		if unsetValue(val) && unset == "" {
			unset = name
		}
	}
	return 0, unset
}

// unsetValue: no value, or null (graphene's `first: Int = null` sets nothing).
func unsetValue(v *ast.Value) bool { return v == nil || v.Kind == ast.NullValue }

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
