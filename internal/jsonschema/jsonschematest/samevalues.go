// Package jsonschematest holds what tests check generated input schemas with: SameValues, which
// holds the input fit phase (and any rewrite of a schema) to changing no constraint.
package jsonschematest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// SameValues reports whether two input schemas accept the same values, structurally: each is
// decoded, every $ref is replaced by its definition (a reference back into a definition being
// expanded stays a reference to its name), descriptions are removed, and what is left must be
// equal. It is how the tests hold the input fit phase to changing no constraint.
func SameValues(a, b []byte) error {
	na, err := normalForm(a)
	if err != nil {
		return fmt.Errorf("first schema: %w", err)
	}
	nb, err := normalForm(b)
	if err != nil {
		return fmt.Errorf("second schema: %w", err)
	}
	ja, _ := json.Marshal(na) // maps marshal with sorted keys
	jb, _ := json.Marshal(nb)
	if string(ja) != string(jb) {
		return fmt.Errorf("the schemas differ once descriptions are removed and $refs expanded:\n%s\n%s", ja, jb)
	}
	return nil
}

func normalForm(raw []byte) (any, error) {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return nil, err
	}
	defs, _ := root["$defs"].(map[string]any)
	var norm func(v any, stack []string) any
	norm = func(v any, stack []string) any {
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		out := map[string]any{}
		if ref, ok := m["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/$defs/")
			if slices.Contains(stack, name) {
				out["$recursive"] = name
			} else if def, ok := defs[name].(map[string]any); ok {
				for k, x := range norm(def, append(stack, name)).(map[string]any) {
					out[k] = x
				}
			} else {
				out["$unresolved"] = ref
			}
		}
		for k, x := range m {
			switch k {
			case "$ref", "$defs", "description":
			case "properties":
				props := map[string]any{}
				xm, _ := x.(map[string]any)
				for name, p := range xm {
					props[name] = norm(p, stack)
				}
				out[k] = props
			case "items":
				out[k] = norm(x, stack)
			default:
				out[k] = x
			}
		}
		return out
	}
	return norm(root, nil), nil
}
