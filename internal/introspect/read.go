// Package introspect turns a GraphQL server's introspection into SDL ready to commit as the
// schema toolgen compiles: it builds the introspection query a server supports, reads the
// answer (or a saved introspection JSON file) strictly, and prints the schema with gqlparser's
// formatter: descriptions, @deprecated with reasons, default values, custom scalars with
// @specifiedBy, @oneOf and directive definitions. Everything read is untrusted: names are checked
// against the GraphQL grammar so nothing read can change the printed document's structure.
package introspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// Schema is the __schema object of an introspection result.
type Schema struct {
	Description      *string     `json:"description"`
	QueryType        *NamedRef   `json:"queryType"`
	MutationType     *NamedRef   `json:"mutationType"`
	SubscriptionType *NamedRef   `json:"subscriptionType"`
	Types            []FullType  `json:"types"`
	Directives       []Directive `json:"directives"`

	// Warnings are not part of the answer: what reading it found that may leave the SDL
	// without something the server's schema has. The caller shows them.
	Warnings []string `json:"-"`
	// ServiceSDL is not part of the answer either: a federation subgraph's own SDL, which
	// Fetch asks for when IsSubgraph, to print instead of SDL's (it keeps the directives).
	ServiceSDL string `json:"-"`
}

// NamedRef is a root operation type.
type NamedRef struct {
	Name string `json:"name"`
}

// FullType is one named type.
type FullType struct {
	Kind           string       `json:"kind"`
	Name           string       `json:"name"`
	Description    *string      `json:"description"`
	SpecifiedByURL *string      `json:"specifiedByURL"`
	IsOneOf        bool         `json:"isOneOf"`
	Fields         []Field      `json:"fields"`
	InputFields    []InputValue `json:"inputFields"`
	Interfaces     []TypeRef    `json:"interfaces"`
	EnumValues     []EnumValue  `json:"enumValues"`
	PossibleTypes  []TypeRef    `json:"possibleTypes"`
}

// Field is a field of an object or interface.
type Field struct {
	Name              string       `json:"name"`
	Description       *string      `json:"description"`
	Args              []InputValue `json:"args"`
	Type              *TypeRef     `json:"type"`
	IsDeprecated      bool         `json:"isDeprecated"`
	DeprecationReason *string      `json:"deprecationReason"`
}

// InputValue is an argument or an input object's field.
type InputValue struct {
	Name              string   `json:"name"`
	Description       *string  `json:"description"`
	Type              *TypeRef `json:"type"`
	DefaultValue      *string  `json:"defaultValue"`
	IsDeprecated      bool     `json:"isDeprecated"`
	DeprecationReason *string  `json:"deprecationReason"`
}

// EnumValue is one value of an enum.
type EnumValue struct {
	Name              string  `json:"name"`
	Description       *string `json:"description"`
	IsDeprecated      bool    `json:"isDeprecated"`
	DeprecationReason *string `json:"deprecationReason"`
}

// TypeRef is a possibly wrapped type reference.
type TypeRef struct {
	Kind   string   `json:"kind"`
	Name   *string  `json:"name"`
	OfType *TypeRef `json:"ofType"`
}

// Directive is a directive definition.
type Directive struct {
	Name         string       `json:"name"`
	Description  *string      `json:"description"`
	IsRepeatable bool         `json:"isRepeatable"`
	Locations    []string     `json:"locations"`
	Args         []InputValue `json:"args"`
}

// LooksLikeJSON reports whether a schema file holds JSON (an introspection result) rather than
// SDL: SDL cannot start with "{". A UTF-16 file counts when it starts with "{", so that it is
// told to be saved as UTF-8.
func LooksLikeJSON(b []byte) bool {
	if utf16Order(b) != "" {
		b = bytes.ReplaceAll(b[:min(len(b), 256)], []byte{0}, nil)
		b = bytes.TrimLeft(b, "\xff\xfe")
	}
	b = bytes.TrimPrefix(b, bom)
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && b[0] == '{'
}

var bom = []byte("\uFEFF")

// utf16Order names the byte order of UTF-16 text (Windows tools save JSON so), or is "".
func utf16Order(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		return "little-endian"
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return "big-endian"
	case len(b) >= 2 && b[0] != 0 && b[1] == 0:
		return "little-endian"
	case len(b) >= 2 && b[0] == 0 && b[1] != 0:
		return "big-endian"
	}
	return ""
}

// Parse reads an introspection result in any of the shapes tools save it in: the whole
// response {"data": {"__schema": …}}, its data {"__schema": …}, or an errors-only response,
// which is reported with the server's messages. Errors beside a schema are a warning.
func Parse(data []byte) (*Schema, error) {
	if order := utf16Order(data); order != "" {
		return nil, fmt.Errorf("the file is UTF-16 (%s), and JSON is read as UTF-8: save it as UTF-8", order)
	}
	data = bytes.TrimPrefix(data, bom) // Windows editors write one; JSON has no place for it
	var r struct {
		Data *struct {
			Schema *Schema `json:"__schema"`
		} `json:"data"`
		Schema *Schema `json:"__schema"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("not an introspection result: %s", jsonError(data, err))
	}
	s := r.Schema
	if r.Data != nil && r.Data.Schema != nil {
		s = r.Data.Schema
	}
	msgs := make([]string, len(r.Errors))
	for i, e := range r.Errors {
		msgs[i] = e.Message
	}
	if s == nil {
		if len(msgs) > 0 {
			return nil, fmt.Errorf("the server answered with errors instead of a schema: %s", summary(msgs))
		}
		return nil, fmt.Errorf(`no "__schema" object (want {"data": {"__schema": …}} or {"__schema": …}); save the whole answer of the introspection query`)
	}
	if s.QueryType == nil || s.QueryType.Name == "" {
		return nil, fmt.Errorf(`"__schema" has no queryType; every schema has a query root`)
	}
	if len(msgs) > 0 {
		s.Warnings = append(s.Warnings, "the answer has errors beside the schema, so parts of the schema may be missing: "+summary(msgs))
	}
	return s, nil
}

// jsonError places a decoding error at its line and column, and says in words what was
// expected where the JSON has something else.
func jsonError(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%s: %v", lineCol(data, se.Offset), err)
	case errors.As(err, &te) && te.Field == "":
		return fmt.Sprintf(`%s: the file is a JSON %s; want an object, the answer of the introspection query: {"data": {"__schema": …}}`, lineCol(data, te.Offset-1), te.Value)
	case errors.As(err, &te):
		return fmt.Sprintf("%s: %s is a JSON %s; want %s", lineCol(data, te.Offset-1), te.Field, te.Value, inWords(te.Type))
	}
	return err.Error()
}

// inWords says what JSON value decodes into t.
func inWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return inWords(t.Elem()) + " or null"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list (a JSON array)"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Float64:
		return "a number"
	}
	return t.String()
}

func lineCol(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}
