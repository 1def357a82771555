package lint

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestOpenObjects(t *testing.T) {
	for raw, want := range map[string][]string{
		`{"type":"object","properties":{"id":{"type":"string"}},"additionalProperties":false}`:                                   nil,
		`{"type":"object","properties":{"meta":{}},"additionalProperties":false}`:                                                {"/properties/meta"},
		`{"type":"object","properties":{"f":{"type":"object","properties":{}}},"additionalProperties":false}`:                    {"/properties/f"},
		`{"type":"object","properties":{"w":{"$ref":"#/$defs/W"}},"additionalProperties":false,"$defs":{"W":{"type":"object"}}}`: {"/$defs/W"},
		`{"type":"object"}`: {""},
		`not json`:          {""},
	} {
		if got := openObjects(json.RawMessage(raw)); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}

// FuzzOpenObjects checks the in-place walk against the definition through encoding/json.
func FuzzOpenObjects(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"id":{"type":"string","description":"say \"hi\"\n"}},"required":["id"],"additionalProperties":false}`,
		`{"type":"object","properties":{"b":{},"a":{"type":"array","items":{"type":"object"}}},"additionalProperties":false,"$defs":{"Z":{"type":"obj\u0065ct"},"A":{"enum":[1,2.5e3,-0]}}}`,
		`{"type":"object","properties":{"a":{},"a":{"type":"string"}}}`,
		`{"type":"object","type":"string"}`,
		`{"properties":{"x":{}}, "$defs":{"\u00e9":{}, "\xff":{}}}`,
		` { "type" : ["object","null"] , "additionalProperties" : true } `,
		`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","additionalProperties":{"type":"string"}}}}`,
		`null`, `[]`, `"x"`, `{`, `{"a":1}x`,
	} {
		f.Add([]byte(s))
	}
	deep := `{"type":"object"}` // past the walk's depth limit of 32
	for range 40 {
		deep = `{"type":"object","properties":{"p":` + deep + `}}`
	}
	f.Add([]byte(deep))
	var shared schemaWalker // as a linter keeps it: buffers left by the inputs before
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, want := openObjects(raw), openObjectsDecoded(raw)
		if !slices.Equal(got, want) {
			t.Errorf("openObjects(%q) = %q, want %q", raw, got, want)
		}
		if got := shared.open(raw); !slices.Equal(got, want) {
			t.Errorf("a reused walker's open(%q) = %q, want %q", raw, got, want)
		}
	})
}

// openObjects lists the JSON Pointers of an input schema's unconstrained places: a property
// without a type, enum or $ref, or an object whose additionalProperties is not false. toolgen's
// own schemas have none; a catalog from another generator, or a future mapping, might.
//
// Every tool's schema is read, so valid JSON whose keys are unique is walked in place, without
// decoding it into maps; anything else (invalid JSON, a root that is not an object, a repeated
// key, where encoding/json's last-wins matters) goes to openObjectsDecoded, the definition.
func openObjects(raw json.RawMessage) []string { return new(schemaWalker).open(raw) }
