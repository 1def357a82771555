// Package answersize estimates how many leaf values one answer of an operation holds, so a
// reviewer sees what a tool costs in the model's context after a call, not only before it.
// Lists count at their page size (a first/last/size/limit argument or its default), else at
// listGuess; of several union or interface branches only the largest counts, since one object
// takes one branch.
package answersize

import (
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
)

// listGuess is the length assumed for a list whose size no argument sets.
const listGuess = 5

// pageArgs are the argument names that set how many items a list returns.
var pageArgs = []string{"first", "last", "size", "limit", "pageSize", "perPage", "count", "top"}

// Leaves estimates the leaf values of one answer of doc's first operation. doc must have been
// validated against its schema: list types come from the fields' definitions.
func Leaves(doc *ast.QueryDocument) int {
	if doc == nil || len(doc.Operations) == 0 {
		return 0
	}
	op := doc.Operations[0]
	e := &estimator{doc: doc, vars: op.VariableDefinitions}
	return e.set(op.SelectionSet, "", 0, 0)
}

type estimator struct {
	doc  *ast.QueryDocument
	vars ast.VariableDefinitionList
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

// pageSize reads a page-size argument: a literal, a variable's default, or the argument's default.
func (e *estimator) pageSize(f *ast.Field) int {
	for _, a := range f.Arguments {
		if !contains(pageArgs, a.Name) || a.Value == nil {
			continue
		}
		v := a.Value
		if v.Kind == ast.Variable {
			if d := e.vars.ForName(v.Raw); d != nil && d.DefaultValue != nil {
				v = d.DefaultValue
			} else if f.Definition != nil {
				if ad := f.Definition.Arguments.ForName(a.Name); ad != nil && ad.DefaultValue != nil {
					v = ad.DefaultValue
				}
			}
		}
		if n, err := strconv.Atoi(v.Raw); err == nil && n > 0 {
			return min(n, 1000)
		}
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
