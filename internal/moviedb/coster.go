package moviedb

// This file is the cost walk of cost.go. Costs saturate just above maxQueryCost, so neither an
// overflow nor a walk through exponentially many fragment expansions can happen: a fragment's
// cost is computed once per list hint and reused.

import (
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
)

// ceiling is where costs stop growing: anything above maxQueryCost is refused anyway.
const ceiling = maxQueryCost + 1

type memoKey struct {
	fragment string
	hint     int
}

type coster struct {
	schema   map[string]*ast.Definition
	vars     map[string]any
	frags    map[string]*ast.FragmentDefinition
	memo     map[memoKey]int
	visiting map[string]bool
}

// set is the cost of resolving sel once on an object of type parent. hint is the page size
// that the lists directly inside sel take when they have no size of their own.
func (c *coster) set(sel ast.SelectionSet, parent *ast.Definition, hint int) int {
	total := 0
	for _, s := range sel {
		switch s := s.(type) {
		case *ast.Field:
			total = sadd(total, c.field(s, parent, hint))
		case *ast.InlineFragment:
			total = sadd(total, c.set(s.SelectionSet, c.typeOr(s.TypeCondition, parent), hint))
		case *ast.FragmentSpread:
			total = sadd(total, c.spread(s.Name, hint))
		}
		if total >= ceiling {
			return ceiling
		}
	}
	return total
}

// field is one field's cost: itself and its selection, times its list length.
func (c *coster) field(f *ast.Field, parent *ast.Definition, hint int) int {
	if parent == nil || len(f.Name) > 1 && f.Name[:2] == "__" {
		return 1 // introspection is bounded by the schema; unknown fields are validation's business
	}
	def := parent.Fields.ForName(f.Name)
	if def == nil {
		return 1
	}
	size := c.size(f, def)
	factor, childHint := 1, 0
	if def.Type.Elem != nil { // a list
		factor = firstPositive(size, hint, unboundedList)
	} else {
		childHint = size // a page object: its content list has this size
	}
	sub := 0
	if len(f.SelectionSet) > 0 {
		sub = c.set(f.SelectionSet, c.schema[def.Type.Name()], childHint)
	}
	return smul(factor, sadd(1, sub))
}

func (c *coster) spread(name string, hint int) int {
	key := memoKey{name, hint}
	if n, ok := c.memo[key]; ok {
		return n
	}
	f := c.frags[name]
	if f == nil || c.visiting[name] {
		return 0 // unknown and cyclic fragments are refused by validation
	}
	c.visiting[name] = true
	n := c.set(f.SelectionSet, c.schema[f.TypeCondition], hint)
	delete(c.visiting, name)
	c.memo[key] = n
	return n
}

func (c *coster) typeOr(name string, parent *ast.Definition) *ast.Definition {
	if name == "" {
		return parent
	}
	return c.schema[name]
}

// size is the page size a field asks for: its size, first, last or limit argument, from a
// literal, a variable or the argument's default, within 1..maxPageSize; 0 when it has none.
func (c *coster) size(f *ast.Field, def *ast.FieldDefinition) int {
	for _, name := range []string{"size", "first", "last", "limit"} {
		argDef := def.Arguments.ForName(name)
		if argDef == nil {
			continue
		}
		var v *ast.Value
		if a := f.Arguments.ForName(name); a != nil {
			v = a.Value
		} else {
			v = argDef.DefaultValue
		}
		if n := c.intValue(v); n > 0 {
			return min(n, maxPageSize)
		}
		return maxPageSize // a size the query leaves open may be the largest allowed
	}
	return 0
}

// intValue reads an Int literal or variable; 0 when it is neither.
func (c *coster) intValue(v *ast.Value) int {
	if v == nil {
		return 0
	}
	switch v.Kind {
	case ast.IntValue:
		n, _ := strconv.Atoi(v.Raw)
		return n
	case ast.Variable:
		switch x := c.vars[v.Raw].(type) {
		case float64:
			return int(min(max(x, 0), maxPageSize))
		case int:
			return x
		}
	}
	return 0
}

func firstPositive(ns ...int) int {
	for _, n := range ns {
		if n > 0 {
			return n
		}
	}
	return 1
}

func sadd(a, b int) int { return min(a+b, ceiling) }

func smul(a, b int) int { return min(a*b, ceiling) } // a <= maxPageSize and b <= ceiling: no overflow
