package allowlist

// This file decodes the scalars: section, which tells the input schemas what a custom scalar
// is in JSON (an object, an integer, a date-time string), and checks it against the schema.

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/toolgen/toolgen/internal/diag"
)

// Scalar maps one custom scalar to the JSON Schema its values follow.
type Scalar struct {
	Name   string
	Pos    Pos
	Schema []Keyword // in the order written; empty means any JSON value
}

// Keyword is one JSON Schema keyword of a scalar's mapping. Value is a string, bool,
// json.Number or []any of those.
type Keyword struct {
	Key   string
	Value any
}

// scalarKeys are the JSON Schema keywords a scalar's mapping may use: what describes one value.
var scalarKeys = []string{"type", "format", "pattern", "description", "enum", "minimum", "maximum",
	"exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "contentEncoding", "contentMediaType"}

var jsonTypes = []string{"string", "integer", "number", "boolean", "object", "array", "null"}

func (d *decoder) scalars(v *node) {
	d.mapping(v, "scalars", nil, func(k, v *node) {
		s := Scalar{Name: k.Value, Pos: pos(k)}
		d.mapping(v, "scalar "+k.Value, scalarKeys, func(k, v *node) {
			if val, ok := d.keyword(k.Value, v); ok {
				s.Schema = append(s.Schema, Keyword{k.Value, val})
			}
		})
		d.file.Scalars = append(d.file.Scalars, s)
	})
}

// keyword decodes one keyword's value, checking its JSON type.
func (d *decoder) keyword(key string, v *node) (any, bool) {
	switch key {
	case "type":
		return d.jsonType(v)
	case "enum":
		if v.Kind != sequenceNode {
			d.errorf(v, "enum must be a list of values, not "+kindName(v), "write enum: [A, B]")
			return nil, false
		}
		var out []any
		for _, x := range v.Content {
			out = append(out, d.str(x, "an enum value"))
		}
		return out, true
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength":
		if _, err := strconv.ParseFloat(v.Value, 64); v.Kind != scalarNode || err != nil {
			d.errorf(v, fmt.Sprintf("%s must be a number, not %s", key, kindName(v)), "write a number such as 0")
			return nil, false
		}
		return json.Number(v.Value), true
	}
	s := d.str(v, key)
	return s, s != ""
}

// jsonType is a JSON Schema type name, or a list of them.
func (d *decoder) jsonType(v *node) (any, bool) {
	one := func(n *node) (string, bool) {
		s := d.str(n, "type")
		if s != "" && !contains(jsonTypes, s) {
			fix := "use one of " + quoteList(jsonTypes)
			if g := Suggest(s, jsonTypes); g != "" {
				fix = fmt.Sprintf("did you mean %q?", g)
			}
			d.errorf(n, fmt.Sprintf("%q is not a JSON Schema type", s), fix)
			return "", false
		}
		return s, s != ""
	}
	if v.Kind != sequenceNode {
		return one(v)
	}
	var out []any
	for _, n := range v.Content {
		if s, ok := one(n); ok {
			out = append(out, s)
		}
	}
	return out, len(out) == len(v.Content)
}

// ResolveScalars checks that every mapped scalar is a custom scalar of the schema.
func (f *File) ResolveScalars(custom []string) diag.List {
	var ds diag.List
	for _, s := range f.Scalars {
		if contains(custom, s.Name) {
			continue
		}
		fix := "map only the schema's custom scalars"
		if len(custom) == 0 {
			fix = "the schema declares no custom scalar; remove the scalars: section"
		} else if g := Suggest(s.Name, custom); g != "" {
			fix = fmt.Sprintf("did you mean %q?", g)
		} else {
			fix += " (" + quoteList(custom) + ")"
		}
		msg := fmt.Sprintf("%q is not a custom scalar of the schema", s.Name)
		if contains([]string{"Int", "Float", "String", "Boolean", "ID"}, s.Name) {
			msg = fmt.Sprintf("%q is a built-in scalar, whose JSON form is fixed", s.Name)
		}
		ds.Add(f.Name, s.Pos.Line, s.Pos.Col, msg, fix)
	}
	return ds
}
