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
