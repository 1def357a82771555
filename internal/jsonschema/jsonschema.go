// Package jsonschema maps an operation's variables to the JSON Schema (draft 2020-12) a model
// fills in, with the seed generator's rules and key order: defaults become "default" and make a
// variable optional; recursive input objects, and repeated ones where sharing is shorter, go to
// "$defs" and "$ref" (docs/selection.md, "Input schemas"). Fit makes a schema over its token
// budget smaller without changing the values it accepts (docs/selection.md, "Input fit").
//
// A nullable type is written without "null", to stay compact. The runtime reads nullability
// back (internal/args, graphql.go) from rules that are therefore a contract: an input
// object has "additionalProperties": false, a field is required exactly when it is non-null
// without a default, every default is written, and only @oneOf sets min/maxProperties to 1.
package jsonschema

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/vektah/gqlparser/v2/ast"
)

// Input is one operation variable to describe.
type Input struct {
	Name        string
	Type        *ast.Type
	Default     *ast.Value // the variable's default, or nil
	ArgDefault  *ast.Value // the default of the argument the variable feeds, or nil
	Description string     // the description of the argument the variable feeds
	Deprecated  bool       // the argument the variable feeds is deprecated: "deprecated": true
	Maximum     int        // the largest value it takes (a page size's bound), or 0 for none
}

// Mapper maps GraphQL input types of one schema; it knows, once asked, which input objects are
// recursive.
type Mapper struct {
	schema    *ast.Schema
	recursive map[string]bool
	scalars   map[string]Object // custom scalars mapped by the allow-list
}

// New returns a Mapper for schema.
func New(schema *ast.Schema) *Mapper {
	return &Mapper{schema: schema}
}

// ForVariables builds the tool's input schema: an object of the variables, always with
// "properties" and "additionalProperties": false. An input object or enum goes to "$defs" once,
// with a "$ref" at each use, when it is recursive or when sharing makes the schema shorter (it is
// used more than once and is not tiny); everything else is written in place.
func (m *Mapper) ForVariables(vars []Input) Object {
	b := &build{m: m, uses: map[string]int{}, shared: map[string]bool{}, bodies: map[string]Object{}}
	for _, v := range vars {
		b.count(v.Type)
	}
	props := Object{}
	var required []string
	for _, v := range vars {
		def := v.Default
		if def == nil && !v.Type.NonNull {
			def = v.ArgDefault // an omitted nullable variable leaves the argument at its default
		}
		s := b.typ(v.Type)
		if v.Maximum > 0 {
			s = append(s, Member{"maximum", v.Maximum})
		}
		props = append(props, Member{v.Name, deprecate(b.describe(s, def, v.Description), v.Deprecated)})
		if v.Type.NonNull && !opdoc.HasDefault(v.Default) {
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

// build holds the state of one schema under construction: how often each named input type is
// referenced, which are shared, their bodies, and the $defs collected so far.
type build struct {
	m      *Mapper
	uses   map[string]int
	shared map[string]bool // decided types: true when they go to $defs
	bodies map[string]Object
	defs   Object
}

// count adds one reference to t's named type and, the first time, the references its fields
// make: a shared type's body is written once, so its fields count once.
func (b *build) count(t *ast.Type) {
	for t.Elem != nil {
		t = t.Elem
	}
	def := b.m.schema.Types[t.NamedType]
	if def == nil || (def.Kind != ast.Enum && def.Kind != ast.InputObject) {
		return
	}
	b.uses[def.Name]++
	if b.uses[def.Name] > 1 || def.Kind != ast.InputObject {
		return
	}
	for _, f := range def.Fields {
		b.count(f.Type)
	}
}

func (b *build) describe(s Object, def *ast.Value, desc string) Object {
	if opdoc.HasDefault(def) {
		// "default": null says nothing an optional property does not already say.
		// "default" goes before an enum type's description: a description is always the last key.
		s = s.insertBefore("description", Member{"default", Value(def)})
	}
	if desc != "" {
		s = s.Set("description", desc)
	}
	return s
}

// deprecate marks a property whose argument or input field is deprecated and still there
// because it is required (an optional one is left out): JSON Schema's "deprecated" annotation,
// before the description, which is always the last key.
func deprecate(s Object, deprecated bool) Object {
	if !deprecated {
		return s
	}
	return s.insertBefore("description", Member{"deprecated", true})
}

func (b *build) typ(t *ast.Type) Object {
	if t.Elem != nil {
		return Object{{"type", "array"}, {"items", b.typ(t.Elem)}}
	}
	def := b.m.schema.Types[t.NamedType]
	if def == nil {
		return Object{{"type", "string"}}
	}
	if def.Kind != ast.Enum && def.Kind != ast.InputObject {
		return b.m.scalar(def)
	}
	if b.share(def) {
		b.define(def)
		return Object{{"$ref", "#/$defs/" + def.Name}}
	}
	return slices.Clone(b.body(def)) // describe edits the top level in place
}

// share decides once per type whether it goes to $defs: always when it is recursive (it cannot
// be written in place), else when its uses written in place would cost more characters than
// one definition and a $ref per use.
func (b *build) share(def *ast.Definition) bool {
	if s, ok := b.shared[def.Name]; ok {
		return s
	}
	if b.m.isRecursive(def) {
		b.shared[def.Name] = true
		return true
	}
	n := b.uses[def.Name]
	s := false
	if n > 1 {
		inline := len(Compact(b.body(def)))
		ref := len(`{"$ref":"#/$defs/` + def.Name + `"}`)
		s = n*ref+len(def.Name)+3+inline < n*inline
	}
	b.shared[def.Name] = s
	return s
}

// body is the schema of an enum or input object written out, computed once per tool.
func (b *build) body(def *ast.Definition) Object {
	if s, ok := b.bodies[def.Name]; ok {
		return s
	}
	var s Object
	if def.Kind == ast.Enum {
		values := make([]string, len(def.EnumValues))
		for i, v := range def.EnumValues {
			values[i] = v.Name
		}
		s = Object{{"type", "string"}, {"enum", values}}
		if def.Description != "" {
			s = append(s, Member{"description", def.Description})
		}
	} else {
		s = b.object(def)
	}
	b.bodies[def.Name] = s
	return s
}

func (b *build) object(def *ast.Definition) Object {
	props := Object{}
	var required []string
	for _, f := range def.Fields {
		dep := f.Directives.ForName("deprecated") != nil
		if b.m.LeftOut(f.Name, f.Type.Name(), f.Type.NonNull && !opdoc.HasDefault(f.DefaultValue), dep) {
			continue
		}
		props = append(props, Member{f.Name, deprecate(b.describe(b.typ(f.Type), f.DefaultValue, f.Description), dep)})
		if f.Type.NonNull && !opdoc.HasDefault(f.DefaultValue) {
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
	b.defs[i].Value = b.body(def)
}

// isRecursive reports whether the input object can reach itself through its fields. The first
// call classifies every input object of the schema at once (strongly connected components), so
// a long chain of input types costs linear time, not a walk per type.
func (m *Mapper) isRecursive(def *ast.Definition) bool {
	if m.recursive == nil {
		m.recursive = recursiveInputs(m.schema)
	}
	return m.recursive[def.Name]
}

// recursiveInputs names the input objects on a cycle: those in a strongly connected component
// of more than one type, or with a field of their own type (Tarjan's algorithm, in type order
// so that the walk is deterministic).
func recursiveInputs(schema *ast.Schema) map[string]bool {
	t := &tarjan{schema: schema, index: map[string]int{}, low: map[string]int{}, onStack: map[string]bool{}, out: map[string]bool{}}
	names := make([]string, 0, len(schema.Types))
	for name, d := range schema.Types {
		if d.Kind == ast.InputObject {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		if _, done := t.index[n]; !done {
			t.visit(n)
		}
	}
	return t.out
}

type tarjan struct {
	schema     *ast.Schema
	next       int
	index, low map[string]int
	stack      []string
	onStack    map[string]bool
	out        map[string]bool
}

func (t *tarjan) visit(v string) {
	t.index[v], t.low[v] = t.next, t.next
	t.next++
	t.stack = append(t.stack, v)
	t.onStack[v] = true
	for _, f := range t.schema.Types[v].Fields {
		w := f.Type.Name()
		if d := t.schema.Types[w]; d == nil || d.Kind != ast.InputObject {
			continue
		}
		if w == v {
			t.out[v] = true // a field of its own type
		}
		if _, seen := t.index[w]; !seen {
			t.visit(w)
			t.low[v] = min(t.low[v], t.low[w])
		} else if t.onStack[w] {
			t.low[v] = min(t.low[v], t.index[w])
		}
	}
	if t.low[v] != t.index[v] {
		return
	}
	i := len(t.stack) - 1
	for t.stack[i] != v {
		i--
	}
	if len(t.stack)-i > 1 {
		for _, w := range t.stack[i:] {
			t.out[w] = true
		}
	}
	for _, w := range t.stack[i:] {
		t.onStack[w] = false
	}
	t.stack = t.stack[:i]
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
