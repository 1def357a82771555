// Package jsonschema maps an operation's variables to the JSON Schema (draft 2020-12) a model
// fills in, with the seed generator's rules and key order (DESIGN.md §3): defaults become
// "default" and make a variable optional; recursive input objects go to "$defs" and "$ref".
package jsonschema

import (
	"encoding/json"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
)

// Input is one operation variable to describe.
type Input struct {
	Name        string
	Type        *ast.Type
	Default     *ast.Value // the variable's default, or nil
	ArgDefault  *ast.Value // the default of the argument the variable feeds, or nil
	Description string     // the description of the argument the variable feeds
}

// Mapper maps GraphQL input types of one schema; it caches which input objects are recursive.
type Mapper struct {
	schema    *ast.Schema
	recursive map[string]bool
}

// New returns a Mapper for schema.
func New(schema *ast.Schema) *Mapper {
	return &Mapper{schema: schema, recursive: map[string]bool{}}
}

// ForVariables builds the tool's input schema: an object of the variables, always with
// "properties" and "additionalProperties": false.
func (m *Mapper) ForVariables(vars []Input) Object {
	b := &build{m: m}
	props := Object{}
	var required []string
	for _, v := range vars {
		def := v.Default
		if def == nil && !v.Type.NonNull {
			def = v.ArgDefault // an omitted nullable variable leaves the argument at its default
		}
		props = append(props, Member{v.Name, b.describe(b.typ(v.Type), def, v.Description)})
		if v.Type.NonNull && v.Default == nil {
			required = append(required, v.Name)
		}
	}
	out := Object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		out = append(out, Member{"required", required})
	}
	out = append(out, Member{"additionalProperties", false})
	if len(b.defs) > 0 {
		out = append(out, Member{"$defs", b.defs})
	}
	return out
}

// build holds the state of one schema under construction: the $defs collected so far.
type build struct {
	m    *Mapper
	defs Object
}

func (b *build) describe(s Object, def *ast.Value, desc string) Object {
	if def != nil {
		// "default" goes before an enum type's description: a description is always the last key.
		s = s.insertBefore("description", Member{"default", Value(def)})
	}
	if desc != "" {
		s = s.Set("description", desc)
	}
	return s
}

func (b *build) typ(t *ast.Type) Object {
	if t.Elem != nil {
		return Object{{"type", "array"}, {"items", b.typ(t.Elem)}}
	}
	def := b.m.schema.Types[t.NamedType]
	if def == nil {
		return Object{{"type", "string"}}
	}
	switch def.Kind {
	case ast.Enum:
		values := make([]string, len(def.EnumValues))
		for i, v := range def.EnumValues {
			values[i] = v.Name
		}
		s := Object{{"type", "string"}, {"enum", values}}
		if def.Description != "" {
			s = append(s, Member{"description", def.Description})
		}
		return s
	case ast.InputObject:
		if b.m.isRecursive(def) {
			b.define(def)
			return Object{{"$ref", "#/$defs/" + def.Name}}
		}
		return b.object(def)
	}
	return Object{{"type", scalarType(def.Name)}}
}

func scalarType(name string) string {
	switch name {
	case "Int":
		return "integer"
	case "Float":
		return "number"
	case "Boolean":
		return "boolean"
	}
	return "string" // String, ID and custom scalars travel as strings
}

func (b *build) object(def *ast.Definition) Object {
	props := Object{}
	var required []string
	for _, f := range def.Fields {
		props = append(props, Member{f.Name, b.describe(b.typ(f.Type), f.DefaultValue, f.Description)})
		if f.Type.NonNull && f.DefaultValue == nil {
			required = append(required, f.Name)
		}
	}
	s := Object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = append(s, Member{"required", required})
	}
	s = append(s, Member{"additionalProperties", false})
	if def.Directives.ForName("oneOf") != nil {
		// @oneOf: exactly one field is set, which GraphQL enforces and the model should know.
		s = append(s, Member{"minProperties", 1}, Member{"maxProperties", 1})
	}
	return s
}

// define adds def to $defs once; the placeholder stops the recursion before the body is built.
func (b *build) define(def *ast.Definition) {
	for _, m := range b.defs {
		if m.Key == def.Name {
			return
		}
	}
	i := len(b.defs)
	b.defs = append(b.defs, Member{def.Name, nil})
	body := b.object(def)
	b.defs[i].Value = body
}

// isRecursive reports whether the input object can reach itself through its fields.
func (m *Mapper) isRecursive(def *ast.Definition) bool {
	if r, ok := m.recursive[def.Name]; ok {
		return r
	}
	r := m.reaches(def, def.Name, map[string]bool{})
	m.recursive[def.Name] = r
	return r
}

func (m *Mapper) reaches(def *ast.Definition, target string, seen map[string]bool) bool {
	for _, f := range def.Fields {
		n := m.schema.Types[f.Type.Name()]
		if n == nil || n.Kind != ast.InputObject {
			continue
		}
		if n.Name == target {
			return true
		}
		if !seen[n.Name] {
			seen[n.Name] = true
			if m.reaches(n, target, seen) {
				return true
			}
		}
	}
	return false
}

// Value converts a GraphQL literal (a default value) to JSON.
func Value(v *ast.Value) any {
	switch v.Kind {
	case ast.IntValue, ast.FloatValue:
		if _, err := strconv.ParseFloat(v.Raw, 64); err == nil {
			return json.Number(v.Raw)
		}
		return v.Raw
	case ast.BooleanValue:
		return v.Raw == "true"
	case ast.NullValue:
		return nil
	case ast.ListValue:
		items := make([]any, len(v.Children))
		for i, c := range v.Children {
			items[i] = Value(c.Value)
		}
		return items
	case ast.ObjectValue:
		o := Object{}
		for _, c := range v.Children {
			o = append(o, Member{c.Name, Value(c.Value)})
		}
		return o
	}
	return v.Raw // strings and enum values
}
