package args

// This file is GraphQL's ID input coercion for the variables: an ID takes a string or an
// integer, and models often write {"id": 42}. The catalog says which variables are ID (the
// operation declares them); below the variables it does not, so an input field stays a string.

import (
	"encoding/json"
	"strings"
)

// CoerceIDs returns v with every integer written for an ID variable, or for an item of an ID
// list variable, turned into its decimal digits as a string: what GraphQL's ID coercion makes
// of it, and what every server takes (graph-gophers/graphql-go refuses a number in an ID
// variable; a JavaScript server would round one above 2^53). Only exact integers are taken: a
// fraction or an exponent (1.0, 1e3) stays a number for validation to refuse. v itself is not
// changed; the bool reports whether anything was.
func (s *Schema) CoerceIDs(v map[string]any) (map[string]any, bool) {
	var out map[string]any
	for name, t := range s.vars {
		val, ok := v[name]
		if !ok || !isID(t) {
			continue
		}
		if c, changed := coerceID(val, t); changed {
			if out == nil {
				out = make(map[string]any, len(v))
				for k, x := range v {
					out[k] = x
				}
			}
			out[name] = c
		}
	}
	if out == nil {
		return v, false
	}
	return out, true
}

// isID reports whether t is ID or a list (of lists) of ID.
func isID(t Type) bool {
	for t.Elem != nil {
		t = *t.Elem
	}
	return t.Named == "ID"
}

// coerceID converts val at a position of type t, copying a list only when an item changed.
func coerceID(val any, t Type) (any, bool) {
	if t.Elem == nil {
		n, ok := val.(json.Number)
		if !ok || strings.ContainsAny(string(n), ".eE") {
			return val, false
		}
		if n == "-0" {
			return "0", true
		}
		return string(n), true
	}
	items, ok := val.([]any)
	if !ok {
		return val, false
	}
	var out []any
	for i, item := range items {
		c, changed := coerceID(item, *t.Elem)
		if !changed {
			continue
		}
		if out == nil {
			out = append([]any(nil), items...)
		}
		out[i] = c
	}
	if out == nil {
		return val, false
	}
	return out, true
}
