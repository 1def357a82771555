package main

// This file decides which read tools `agent review` runs to show the current data a write
// touches. agent.yaml may list them per write tool under review-reads:
//
//	review-reads:
//	  addWatchListItem:
//	    - tool: myWatchLists
//	      pick: {id: input.watchListId}    # keep the element whose id is the write's list id
//	    - tool: movie
//	      args: {id: input.titleId}         # the read's argument id gets the write's titleId
//	      when: {input.titleType: MOVIE}
//
// Without that entry they are derived from the catalog's names: an argument fooId is read with
// a query tool foo taking an id; when a sibling fooType holds an enum, each value names a tool
// (TV_SHOW: tvShow); otherwise a query tool without required arguments whose name ends in
// Foos (myWatchLists for watchListId) is read and the element with that id picked.

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"

	"github.com/toolgen/toolgen/toolrt"
)

// ReadSpec is one read tool run beside a write under review. Paths name values in the write's
// variables, dot-separated (input.watchListId).
type ReadSpec struct {
	Tool string            `yaml:"tool"`
	Args map[string]string `yaml:"args"` // the read's argument name → a path in the write
	When map[string]string `yaml:"when"` // run only if each path holds this value
	Pick map[string]string `yaml:"pick"` // keep elements whose field equals the value at path
}

// reviewReads returns the configured reads for tool, else the derived ones.
func reviewReads(configured map[string][]ReadSpec, tool string, defs []toolrt.ToolDef) []ReadSpec {
	if specs, ok := configured[tool]; ok {
		return specs
	}
	i := slices.IndexFunc(defs, func(d toolrt.ToolDef) bool { return d.Name == tool })
	if i < 0 {
		return nil
	}
	var schema map[string]any
	if json.Unmarshal(defs[i].InputSchema, &schema) != nil {
		return nil
	}
	var out []ReadSpec
	walkProps(schema, "", func(path, name string, siblings map[string]any) {
		out = append(out, deriveReads(path, name, siblings, defs)...)
	})
	return out
}

// walkProps calls fn for every string property whose name ends in Id, with its siblings.
func walkProps(schema map[string]any, path string, fn func(path, name string, siblings map[string]any)) {
	props, _ := schema["properties"].(map[string]any)
	for _, name := range sortedNames(props) {
		sub, _ := props[name].(map[string]any)
		p := joinPath(path, name)
		if sub["type"] == "object" {
			walkProps(sub, p, fn)
		} else if sub["type"] == "string" && strings.HasSuffix(name, "Id") {
			fn(p, name, props)
		}
	}
}

func deriveReads(path, name string, siblings map[string]any, defs []toolrt.ToolDef) []ReadSpec {
	base := strings.TrimSuffix(name, "Id")
	if base == "" {
		return nil
	}
	if byID(defs, base) {
		return []ReadSpec{{Tool: base, Args: map[string]string{"id": path}}}
	}
	if kind, ok := siblings[base+"Type"].(map[string]any); ok {
		var out []ReadSpec
		for _, v := range enumValues(kind) {
			if tool := camel(v); byID(defs, tool) {
				parent := strings.TrimSuffix(path, name)
				out = append(out, ReadSpec{Tool: tool, Args: map[string]string{"id": path}, When: map[string]string{parent + base + "Type": v}})
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	plural := strings.ToUpper(base[:1]) + base[1:] + "s"
	for _, d := range defs {
		if !d.Mutation && strings.HasSuffix(d.Name, plural) && !requiresArgs(d) {
			return []ReadSpec{{Tool: d.Name, Pick: map[string]string{"id": path}}}
		}
	}
	return nil
}

// byID reports whether name is a read tool taking an id argument.
func byID(defs []toolrt.ToolDef, name string) bool {
	for _, d := range defs {
		if d.Name == name && !d.Mutation {
			var s struct {
				Properties map[string]any `json:"properties"`
			}
			return json.Unmarshal(d.InputSchema, &s) == nil && s.Properties["id"] != nil
		}
	}
	return false
}

func requiresArgs(d toolrt.ToolDef) bool {
	var s struct {
		Required []string `json:"required"`
	}
	return json.Unmarshal(d.InputSchema, &s) != nil || len(s.Required) > 0
}

func enumValues(s map[string]any) []string {
	raw, _ := s["enum"].([]any)
	var out []string
	for _, v := range raw {
		if str, ok := v.(string); ok {
			out = append(out, str)
		}
	}
	return out
}

// camel turns an enum value into a tool name: MOVIE is movie, TV_SHOW is tvShow.
func camel(v string) string {
	var b strings.Builder
	for i, part := range strings.Split(strings.ToLower(v), "_") {
		if i > 0 && part != "" {
			r := []rune(part)
			part = string(unicode.ToUpper(r[0])) + string(r[1:])
		}
		b.WriteString(part)
	}
	return b.String()
}

func sortedNames(m map[string]any) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// valueAt finds the value at a dot path in decoded variables, as text.
func valueAt(vars any, path string) (string, bool) {
	for _, part := range strings.Split(path, ".") {
		if path == "" {
			break // the value itself
		}
		m, ok := vars.(map[string]any)
		if !ok {
			return "", false
		}
		vars = m[part]
	}
	switch v := vars.(type) {
	case string:
		return v, true
	case nil:
		return "", false
	default:
		b, err := json.Marshal(v)
		return string(b), err == nil
	}
}
