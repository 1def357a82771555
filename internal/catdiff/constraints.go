package catdiff

import (
	"fmt"
	"slices"
	"strings"
)

// types compares "type" as sets ("integer" is within "number"; no "type" accepts anything): a
// superset generalizes, a subset narrows, anything else changes the type.
func (s *schemaDiff) types(o, n node, path, name string) {
	ot, nt := typeSet(o.m["type"]), typeSet(n.m["type"])
	if slices.Equal(ot, nt) {
		return
	}
	oldInNew, newInOld := within(ot, nt), within(nt, ot)
	id, how := "input-type-changed", "changed"
	switch {
	case oldInNew:
		id, how = "input-type-generalized", "generalized"
	case newInOld:
		id, how = "input-type-narrowed", "narrowed"
	}
	s.d.add(id, s.tool, path+"/type", fmt.Sprintf("%s: type %s from %s to %s", what(path, name), how, typeName(ot), typeName(nt)), o.m["type"], n.m["type"])
}

// typeSet is the sorted list of JSON types; nil means any type.
func typeSet(v any) []string {
	var out []string
	switch t := v.(type) {
	case string:
		out = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return out
}

// within reports whether every value of type set a is accepted by type set b.
func within(a, b []string) bool {
	if b == nil {
		return true
	}
	if a == nil {
		return false
	}
	for _, t := range a {
		if !slices.Contains(b, t) && !(t == "integer" && slices.Contains(b, "number")) {
			return false
		}
	}
	return true
}

func typeName(ts []string) string {
	switch len(ts) {
	case 0:
		return "any"
	case 1:
		return ts[0]
	}
	return strings.Join(ts, " or ")
}

// enum compares allowed values one by one; an enum appearing or disappearing tightens or
// loosens the input as a whole.
func (s *schemaDiff) enum(o, n node, path, name string) {
	oe, oOK := o.m["enum"].([]any)
	ne, nOK := n.m["enum"].([]any)
	p := path + "/enum"
	switch {
	case !oOK && !nOK:
		return
	case !oOK:
		s.d.add("input-constraint-tightened", s.tool, p, fmt.Sprintf("%s now accepts only %s", what(path, name), canonical(ne)), nil, ne)
		return
	case !nOK:
		s.d.add("input-constraint-loosened", s.tool, p, fmt.Sprintf("%s is no longer limited to %s", what(path, name), canonical(oe)), oe, nil)
		return
	}
	// Each side's values as one set of their JSON, encoded once: comparing them pairwise took a
	// minute for a 4,000-value enum used by ten inputs.
	ok, nk := enumKeys(oe), enumKeys(ne)
	oldSet, newSet := setOf(ok), setOf(nk)
	for i, v := range oe {
		if !newSet[ok[i]] {
			s.d.add("input-enum-value-removed", s.tool, pointer(p, ok[i]), fmt.Sprintf("%s no longer accepts %s", what(path, name), ok[i]), v, nil)
		}
	}
	for i, v := range ne {
		if !oldSet[nk[i]] {
			s.d.add("input-enum-value-added", s.tool, pointer(p, nk[i]), fmt.Sprintf("%s now accepts %s", what(path, name), nk[i]), nil, v)
		}
	}
}

// enumKeys is each enum value as canonical JSON; a string, nearly every enum value, is quoted
// without the encoder.
func enumKeys(vs []any) []string {
	keys := make([]string, len(vs))
	for i, v := range vs {
		if str, ok := v.(string); ok && plainString(str) {
			keys[i] = `"` + str + `"`
			continue
		}
		keys[i] = canonical(v)
	}
	return keys
}

// plainString reports whether encoding/json writes s as itself in quotes: printable ASCII with
// nothing it escapes (the encoder escapes <, > and & too).
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

func setOf(keys []string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// Bounds: raising a lower bound or lowering an upper bound rejects values that were valid.
var (
	lowerBounds = []string{"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"}
	upperBounds = []string{"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"}
)

func (s *schemaDiff) constraints(o, n node, path, name string) {
	for _, k := range lowerBounds {
		s.bound(k, +1, o, n, path, name)
	}
	for _, k := range upperBounds {
		s.bound(k, -1, o, n, path, name)
	}
	s.closedness(o, n, path, name)
}

// bound compares one numeric keyword; dir is +1 when a larger value is stricter.
func (s *schemaDiff) bound(key string, dir float64, o, n node, path, name string) {
	ov, oOK := o.m[key].(float64)
	nv, nOK := n.m[key].(float64)
	if !oOK && !nOK || oOK && nOK && ov == nv {
		return
	}
	tighter := !oOK || nOK && (nv-ov)*dir > 0
	id := "input-constraint-loosened"
	if tighter {
		id = "input-constraint-tightened"
	}
	s.d.add(id, s.tool, path+"/"+key, fmt.Sprintf("%s: %s from %s to %s", what(path, name), key, show(o.m[key], oOK), show(n.m[key], nOK)), o.m[key], n.m[key])
}

// closedness compares additionalProperties: false (closed) against anything else (open).
func (s *schemaDiff) closedness(o, n node, path, name string) {
	_, oObj := o.m["properties"]
	_, nObj := n.m["properties"]
	if !oObj && !nObj {
		return
	}
	oc, nc := o.m["additionalProperties"] == false, n.m["additionalProperties"] == false
	switch {
	case oc && !nc:
		s.d.add("input-constraint-loosened", s.tool, path+"/additionalProperties", fmt.Sprintf("%s now accepts properties it does not list", what(path, name)), false, n.m["additionalProperties"])
	case !oc && nc:
		s.d.add("input-constraint-tightened", s.tool, path+"/additionalProperties", fmt.Sprintf("%s now rejects properties it does not list", what(path, name)), o.m["additionalProperties"], false)
	}
}
