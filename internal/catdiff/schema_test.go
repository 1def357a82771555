package catdiff

import (
	"testing"
)

// TestRefsAreTransparent: moving shared input types into $defs changes no input for the model,
// so it must produce no input change; a change behind a $ref is found at its logical path.
func TestRefsAreTransparent(t *testing.T) {
	old := base()
	moved := base()
	moved.Tools[2].InputSchema = schema(`{"type":"object","properties":{"input":{"$ref":"#/$defs/AddItemInput"}},"required":["input"],"additionalProperties":false,
		"$defs":{"AddItemInput":{"type":"object","properties":{"listId":{"$ref":"#/$defs/Id"},"titleId":{"$ref":"#/$defs/Id"},"notes":{"type":"string"}},"required":["listId","titleId"],"additionalProperties":false},
		"Id":{"type":"string"}}}`)
	if r := Diff(old, moved, Options{}); len(r.Changes) != 0 {
		t.Errorf("moving types into $defs: %+v", r.Changes)
	}
	before := base()
	before.Tools[2].InputSchema = moved.Tools[2].InputSchema
	changed := base()
	changed.Tools[2].InputSchema = schema(`{"type":"object","properties":{"input":{"$ref":"#/$defs/AddItemInput"}},"required":["input"],"additionalProperties":false,
		"$defs":{"AddItemInput":{"type":"object","properties":{"listId":{"$ref":"#/$defs/Id"},"titleId":{"$ref":"#/$defs/Id"},"notes":{"type":"string"}},"required":["listId","titleId"],"additionalProperties":false},
		"Id":{"type":"integer"}}}`)
	r := Diff(before, changed, Options{}) // $ref on both sides: a shared type is reported at every use
	var paths []string
	for _, c := range r.Changes {
		if c.ID == "tool-tokens-changed" {
			continue
		}
		if c.ID != "input-type-changed" {
			t.Errorf("unexpected %s at %s", c.ID, c.Path)
		}
		paths = append(paths, c.Path)
	}
	want := []string{"/inputSchema/properties/input/properties/listId/type", "/inputSchema/properties/input/properties/titleId/type"}
	if len(paths) != 2 || paths[0] != want[0] || paths[1] != want[1] {
		t.Errorf("paths %q, want %q", paths, want)
	}
}
