package toolrt

// This file finds the model's own words among a write's arguments: the free-text fields (a
// note, a reason), which a reviewer must read as the model's and not the user's. They are
// derived from the input schema: a string with no enum, const, format or pattern whose name is
// not an identifier (id, watchListId, titleIds).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// splitModelText returns the free-text values in variables and the variables without them.
func splitModelText(schema, variables json.RawMessage) ([]ModelText, []byte) {
	var root map[string]any
	if json.Unmarshal(schema, &root) != nil {
		return nil, variables
	}
	dec := json.NewDecoder(bytes.NewReader(variables))
	dec.UseNumber() // the rest is hashed: numbers must come back exactly as written
	var v any
	if dec.Decode(&v) != nil {
		return nil, variables
	}
	w := textWalker{root: root}
	rest := w.walk(root, v, "")
	out, err := encode(rest)
	if err != nil {
		return w.found, variables
	}
	return w.found, out
}

type textWalker struct {
	root  map[string]any
	found []ModelText
}

// walk returns v without its free-text fields, collecting them.
func (w *textWalker) walk(schema map[string]any, v any, path string) any {
	schema = w.resolve(schema, 0)
	switch val := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		out := map[string]any{}
		for _, k := range sortedKeys(val) {
			sub, _ := props[k].(map[string]any)
			p := join(path, k)
			if s, ok := val[k].(string); ok && freeText(w.resolve(sub, 0), k) {
				w.found = append(w.found, ModelText{Path: p, Value: s})
				continue
			}
			out[k] = w.walk(sub, val[k], p)
		}
		return out
	case []any:
		items, _ := schema["items"].(map[string]any)
		out := make([]any, len(val))
		for i, e := range val {
			out[i] = w.walk(items, e, fmt.Sprintf("%s[%d]", path, i))
		}
		return out
	}
	return v
}

// resolve follows a local "#/$defs/..." reference, a few levels at most.
func (w *textWalker) resolve(s map[string]any, depth int) map[string]any {
	ref, ok := s["$ref"].(string)
	if !ok || depth > 8 || !strings.HasPrefix(ref, "#/") {
		return s
	}
	var node any = w.root
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := node.(map[string]any)
		if !ok {
			return nil
		}
		node = m[part]
	}
	m, _ := node.(map[string]any)
	return w.resolve(m, depth+1)
}

// freeText reports whether a property holds prose the model composed.
func freeText(s map[string]any, name string) bool {
	if s == nil || !typeIs(s["type"], "string") || identifier(name) {
		return false
	}
	for _, k := range []string{"enum", "const", "format", "pattern"} {
		if _, ok := s[k]; ok {
			return false
		}
	}
	return true
}

func typeIs(t any, want string) bool {
	switch t := t.(type) {
	case string:
		return t == want
	case []any:
		return slices.Contains(t, any(want))
	}
	return false
}

// identifier reports whether a name says it holds an id: id, ID, fooId, fooID, fooIds.
func identifier(name string) bool {
	n := strings.TrimSuffix(name, "s")
	return strings.EqualFold(n, "id") || strings.HasSuffix(n, "Id") || strings.HasSuffix(n, "ID") || strings.HasSuffix(n, "_id")
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
