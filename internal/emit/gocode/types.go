package gocode

// types.go maps GraphQL type references to Go types. The Go value must marshal to exactly what
// the tool's input schema accepts: a required value is plain; an optional one (nullable, or with a
// default) is a pointer or slice with omitempty, so "unset" is omitted rather than sent as a zero.
// List items are plain because the input schema never admits null items.

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/catalog"
)

// builtins are GraphQL's scalars that are not strings; String, ID and custom scalars map to string.
var builtins = map[string]string{"Int": "int32", "Float": "float64", "Boolean": "bool"}

// typer renders type references of one catalog.
type typer struct {
	names   *names
	types   map[string]*catalog.Type
	scalars map[string]string // custom scalars that are not strings, by JSON type
	// embeds[a] lists the input objects that a holds by value (required, not in a list):
	// following these edges back to a means a cycle that only a pointer can break.
	embeds map[string][]string
}

func newTyper(c *catalog.Catalog, n *names) *typer {
	t := &typer{names: n, types: map[string]*catalog.Type{}, scalars: c.ScalarTypes, embeds: map[string][]string{}}
	for i := range c.Types {
		t.types[c.Types[i].Name] = &c.Types[i]
	}
	for _, ty := range c.Types {
		for _, f := range ty.Fields {
			if required(f.Type, f.Default) && f.Type.Elem == nil && t.isInput(f.Type.Named) {
				t.embeds[ty.Name] = append(t.embeds[ty.Name], f.Type.Named)
			}
		}
	}
	return t
}

// required reports whether a value must be sent: non-null and without a default.
func required(ref catalog.TypeRef, def []byte) bool {
	return ref.NonNull && def == nil
}

func (t *typer) isInput(name string) bool {
	ty := t.types[name]
	return ty != nil && ty.Kind == catalog.InputObject
}

// field renders the Go type of a field or variable of type ref inside owner ("" for an
// argument struct), and whether its JSON tag needs omitempty.
func (t *typer) field(owner string, ref catalog.TypeRef, def []byte) (jen.Code, bool) {
	switch {
	case ref.Elem != nil:
		return jen.Index().Add(t.item(*ref.Elem)), !required(ref, def)
	case !required(ref, def) && t.nilable(ref.Named):
		return t.named(ref.Named), true // nil already means "unset"
	case !required(ref, def):
		return jen.Op("*").Add(t.named(ref.Named)), true
	case owner != "" && t.isInput(ref.Named) && t.reaches(ref.Named, owner, map[string]bool{}):
		// A required field that holds its own type by value would be an infinitely large
		// struct; GraphQL forbids such input cycles, but a pointer keeps Go compiling anyway.
		return jen.Op("*").Add(t.named(ref.Named)), false
	}
	return t.named(ref.Named), false
}

// item renders a list item: plain values, nested lists as nested slices.
func (t *typer) item(ref catalog.TypeRef) jen.Code {
	if ref.Elem != nil {
		return jen.Index().Add(t.item(*ref.Elem))
	}
	return t.named(ref.Named)
}

// named renders a named type: a builtin, a generated type, a custom scalar by the JSON type its
// input schema gives it, or string for String, ID and the remaining custom scalars.
func (t *typer) named(name string) jen.Code {
	if g, ok := builtins[name]; ok {
		return jen.Id(g)
	}
	if jt, ok := t.scalars[name]; ok {
		return scalarGo(jt)
	}
	if g, ok := t.names.types[name]; ok {
		return jen.Id(g)
	}
	return jen.String()
}

// reaches reports whether input object from holds to by value, directly or through others.
func (t *typer) reaches(from, to string, seen map[string]bool) bool {
	if from == to {
		return true
	}
	if seen[from] {
		return false
	}
	seen[from] = true
	for _, next := range t.embeds[from] {
		if t.reaches(next, to, seen) {
			return true
		}
	}
	return false
}

// scalarGo is the Go type of a custom scalar's JSON type: any JSON value is any.
func scalarGo(jsonType string) jen.Code {
	switch jsonType {
	case "integer":
		return jen.Int64()
	case "number":
		return jen.Float64()
	case "boolean":
		return jen.Bool()
	case "object":
		return jen.Map(jen.String()).Any()
	case "array":
		return jen.Index().Any()
	case "string":
		return jen.String()
	}
	return jen.Any()
}

// nilable: a custom scalar rendered as any, a map or a slice, whose nil omitempty leaves out.
func (t *typer) nilable(name string) bool {
	jt, ok := t.scalars[name]
	return ok && (jt == "" || jt == "object" || jt == "array")
}
