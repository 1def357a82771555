package args

import (
	"strconv"
	"strings"
)

// Repair wraps arguments that a model flattened out of a tool's single input object:
// {"watchListId":"1","titleId":"42"} becomes {"input":{"watchListId":"1","titleId":"42"}}.
// It wraps only when the tool has exactly one variable and that variable is an input object
// (single != ""), the key single is absent, at least one key is present, and every key present
// is a field of that input type. Any other shape is left alone for validation to refuse, so the
// repair never has to choose between two readings. The bool reports whether it wrapped.
func (s *Schema) Repair(v map[string]any, single string) (map[string]any, bool) {
	if single == "" || len(v) == 0 {
		return v, false
	}
	if _, present := v[single]; present {
		return v, false
	}
	fields := s.fields(single)
	if fields == nil {
		return v, false
	}
	for k := range v {
		if _, ok := fields[k]; !ok {
			return v, false
		}
	}
	return map[string]any{single: v}, true
}

// fields returns the property names of the input object under properties[single], following
// local "$ref"s into "$defs", or nil when that cannot be determined.
func (s *Schema) fields(single string) map[string]any {
	props, _ := s.doc["properties"].(map[string]any)
	if len(props) != 1 { // the repair is only sound for a single variable
		return nil
	}
	node, _ := props[single].(map[string]any)
	for range 8 { // a chain of refs longer than this is not a catalog schema
		ref, ok := node["$ref"].(string)
		if !ok {
			break
		}
		node = s.local(ref)
	}
	if node == nil || node["type"] != "object" {
		return nil
	}
	fields, _ := node["properties"].(map[string]any)
	return fields
}

// local resolves "#/$defs/Name" (or any local pointer) inside the schema document.
func (s *Schema) local(ref string) map[string]any {
	rest, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil
	}
	return resolve(s.doc, rest)
}

// resolve follows a JSON pointer ("/$defs/Name") from doc, or returns nil.
func resolve(doc map[string]any, ptr string) map[string]any {
	rest, ok := strings.CutPrefix(ptr, "/")
	if !ok {
		return nil
	}
	var cur any = doc
	for _, tok := range strings.Split(rest, "/") {
		switch obj := cur.(type) {
		case map[string]any:
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			cur = obj[tok]
		case []any: // the validator's copy puts a nullable position under anyOf/1
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(obj) {
				return nil
			}
			cur = obj[i]
		default:
			return nil
		}
	}
	m, _ := cur.(map[string]any)
	return m
}
