package jsonschema

import (
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// TestGuessed: a custom scalar is a guess when only the fallback string covers it, described
// or not; a rule by name (JSON, dates, sized integers, big numbers, files) is no guess, nor is
// a built-in scalar.
func TestGuessed(t *testing.T) {
	for name, want := range map[string]bool{
		"ChainId": true, "EvmAddress": true, "AlwaysTrue": true, "Cursor": true,
		"JSON": false, "DateTime": false, "URL": false, "UInt53": false, "PositiveInt": false,
		"BigInt": false, "Int64": false, "Decimal": false, "Upload": false,
	} {
		for _, desc := range []string{"", "A value the API defines."} {
			def := &ast.Definition{Kind: ast.Scalar, Name: name, Description: desc}
			if got := Guessed(def); got != want {
				t.Errorf("Guessed(%s, description %q) = %v, want %v", name, desc, got, want)
			}
		}
	}
	for _, def := range []*ast.Definition{nil, {Kind: ast.Scalar, Name: "String", BuiltIn: true}, {Kind: ast.Enum, Name: "Color"}} {
		if Guessed(def) {
			t.Errorf("Guessed(%v) = true", def)
		}
	}
}
