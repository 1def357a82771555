package lint

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strings"
)

// open lists the JSON Pointers of an input schema's unconstrained places: a property without a
// type, enum or $ref, or an object whose additionalProperties is not false. toolgen's own
// schemas have none; a catalog from another generator, or a future mapping, might. It works on
// the walker's buffers, which a linter keeps from tool to tool.
//
// Every tool's schema is read, so valid JSON whose keys are unique is walked in place, without
// decoding it into maps; anything else (invalid JSON, a root that is not an object, a repeated
// key, where encoding/json's last-wins matters) goes to openObjectsDecoded, the definition.
func (w *schemaWalker) open(raw json.RawMessage) []string {
	if len(raw) > math.MaxInt32 {
		return openObjectsDecoded(raw) // beyond the offsets the walk records
	}
	w.s, w.path, w.out = string(raw), w.path[:0], nil
	if cap(w.ends) < len(w.s) {
		w.ends = make([]int32, len(w.s), 2*len(w.s))
	}
	w.ends = w.ends[:len(w.s)]
	if !scanJSON(w.s, w.ends) {
		return openObjectsDecoded(raw)
	}
	root := skipSpace(w.s, 0)
	if w.s[root] != '{' || !w.walk(root, 0) {
		return openObjectsDecoded(raw)
	}
	n, ok := w.node(root)
	if !ok {
		return openObjectsDecoded(raw)
	}
	if n.defs >= 0 {
		ok = w.entries(n.defs, func(key string, v int) bool {
			w.path = append(append(w.path[:0], "/$defs/"...), key...)
			return w.walk(v, 1)
		})
		if !ok {
			return openObjectsDecoded(raw)
		}
	}
	return w.out
}

// schemaWalker walks a valid JSON Schema text; path is the pointer of the place being walked.
type schemaWalker struct {
	s    string
	ends []int32 // see scanJSON
	path []byte
	out  []string
	ents []entry // the sorted object-valued members of the maps being walked, a stack
}

type entry struct {
	key   string
	value int // offset of the value
}

// schemaNode is what the walk reads of one schema object; offsets are -1 when absent.
type schemaNode struct {
	typed, enum, ref   bool
	object, closed     bool // "type": "object"; "additionalProperties": false
	props, items, defs int  // object values only
}

// walk is openObjectsDecoded's walk on the object at offset i; false means a repeated key.
func (w *schemaWalker) walk(i, depth int) bool {
	if depth > 32 {
		return true
	}
	n, ok := w.node(i)
	switch {
	case !ok:
		return false
	case n.ref || n.enum:
		return true
	case !n.typed:
		w.out = append(w.out, string(w.path))
		return true
	case n.object && !n.closed:
		w.out = append(w.out, string(w.path))
	}
	mark := len(w.path)
	if n.props >= 0 {
		ok := w.entries(n.props, func(key string, v int) bool {
			w.path = append(append(w.path[:mark], "/properties/"...), key...)
			return w.walk(v, depth+1)
		})
		if !ok {
			return false
		}
	}
	if n.items >= 0 {
		w.path = append(w.path[:mark], "/items"...)
		if !w.walk(n.items, depth+1) {
			return false
		}
	}
	w.path = w.path[:mark]
	return true
}

// node reads the members of the object at i that the walk needs; false means one repeats.
func (w *schemaWalker) node(i int) (schemaNode, bool) {
	n := schemaNode{props: -1, items: -1, defs: -1}
	var seen [7]bool
	ok := w.members(i, func(key string, v int) bool {
		k := schemaKey(key)
		if k < 0 {
			return true
		}
		if seen[k] {
			return false
		}
		seen[k] = true
		isObject := w.s[v] == '{'
		switch k {
		case 0:
			n.typed = true
			n.object = w.s[v] == '"' && decodeString(w.s[v:w.skip(v)]) == "object"
		case 1:
			n.enum = true
		case 2:
			n.ref = true
		case 3:
			n.closed = strings.HasPrefix(w.s[v:], "false")
		case 4:
			n.props = offsetIf(isObject, v)
		case 5:
			n.items = offsetIf(isObject, v)
		case 6:
			n.defs = offsetIf(isObject, v)
		}
		return true
	})
	return n, ok
}

// schemaKey numbers the keys node reads, -1 for the others.
func schemaKey(key string) int {
	switch key {
	case "type":
		return 0
	case "enum":
		return 1
	case "$ref":
		return 2
	case "additionalProperties":
		return 3
	case "properties":
		return 4
	case "items":
		return 5
	case "$defs":
		return 6
	}
	return -1
}

func offsetIf(ok bool, v int) int {
	if ok {
		return v
	}
	return -1
}

// entries calls fn with the object-valued members of the object at i in key order, as
// slices.Sorted(maps.Keys(m)) lists them; false means a repeated key or fn's false.
func (w *schemaWalker) entries(i int, fn func(key string, v int) bool) bool {
	lo := len(w.ents)
	dup := false
	w.members(i, func(key string, v int) bool {
		w.ents = append(w.ents, entry{key, v})
		return true
	})
	slices.SortFunc(w.ents[lo:], func(a, b entry) int { return strings.Compare(a.key, b.key) })
	hi := len(w.ents)
	for j := lo + 1; j < hi; j++ {
		dup = dup || w.ents[j].key == w.ents[j-1].key
	}
	ok := !dup
	for j := lo; ok && j < hi; j++ { // w.ents grows under fn: index it afresh
		if e := w.ents[j]; w.s[e.value] == '{' {
			ok = fn(e.key, e.value)
		}
	}
	w.ents = w.ents[:lo]
	return ok
}

// members calls fn with each member of the object at i: its decoded key and the offset of
// its value, until fn returns false.
func (w *schemaWalker) members(i int, fn func(key string, v int) bool) bool {
	s := w.s
	i = skipSpace(s, i+1)
	for s[i] != '}' {
		end := skipString(s, i)
		key := decodeString(s[i:end])
		v := skipSpace(s, skipSpace(s, end)+1) // past the colon
		if !fn(key, v) {
			return false
		}
		i = skipSpace(s, w.skip(v))
		if s[i] == ',' {
			i = skipSpace(s, i+1)
		}
	}
	return true
}

// openObjectsDecoded is openObjects through encoding/json: the definition, used for the input
// the scan leaves to it.
func openObjectsDecoded(raw json.RawMessage) []string {
	var root map[string]any
	if json.Unmarshal(raw, &root) != nil {
		return []string{""}
	}
	var out []string
	var walk func(m map[string]any, path string, depth int)
	walk = func(m map[string]any, path string, depth int) {
		if depth > 32 {
			return
		}
		_, typed := m["type"]
		_, enum := m["enum"]
		_, ref := m["$ref"]
		switch {
		case ref || enum:
			return
		case !typed:
			out = append(out, path)
			return
		case m["type"] == "object" && m["additionalProperties"] != false:
			out = append(out, path)
		}
		props, _ := m["properties"].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if p, ok := props[k].(map[string]any); ok {
				walk(p, path+"/properties/"+k, depth+1)
			}
		}
		if it, ok := m["items"].(map[string]any); ok {
			walk(it, path+"/items", depth+1)
		}
	}
	walk(root, "", 0)
	defs, _ := root["$defs"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(defs)) {
		if d, ok := defs[k].(map[string]any); ok {
			walk(d, "/$defs/"+k, 1)
		}
	}
	return out
}
