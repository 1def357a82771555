package main

// This file runs one review read: the read tool with arguments taken from the write's
// variables, its answer narrowed to the element the write touches when the spec picks one.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// runRead returns the line to show for s, and false when s does not apply to this write.
func runRead(ctx context.Context, rt *toolrt.Runtime, s ReadSpec, vars any) (string, bool) {
	for path, want := range s.When {
		if got, ok := valueAt(vars, path); !ok || got != want {
			return "", false
		}
	}
	args := map[string]string{}
	var labels []string
	for _, name := range sortedKeys(s.Args) {
		v, ok := valueAt(vars, s.Args[name])
		if !ok {
			return "", false
		}
		args[name] = v
		labels = append(labels, fmt.Sprintf("%s=%q", name, v))
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return "", false
	}
	res, err := rt.Direct(ctx, s.Tool, raw)
	text := res.Text
	// Only a whole answer is narrowed: picking from data with field errors would drop the
	// errors, and the person approving the write would not learn that the read is incomplete.
	if err == nil && !res.IsError && res.Outcome != graphQLErrors && len(s.Pick) > 0 {
		var n int
		text, n = pick(text, s.Pick, vars)
		labels = append(labels, fmt.Sprintf("%d matching", n))
	}
	return fmt.Sprintf("%s(%s): %s", gate.Escape(s.Tool), gate.Escape(strings.Join(labels, ", ")), gate.Escape(text)), true
}

// pick keeps the objects of the answer's arrays whose fields equal the write's values, e.g. the
// one watch list among myWatchLists whose id is the write's watchListId.
func pick(text string, fields map[string]string, vars any) (string, int) {
	want := map[string]string{}
	for field, path := range fields {
		v, ok := valueAt(vars, path)
		if !ok {
			return text, 0
		}
		want[field] = v
	}
	var doc any
	if json.Unmarshal([]byte(text), &doc) != nil {
		return text, 0
	}
	var found []any
	collect(doc, want, &found, 0)
	out, err := json.Marshal(found)
	if err != nil {
		return text, 0
	}
	return string(out), len(found)
}

func collect(v any, want map[string]string, found *[]any, depth int) {
	if depth > 16 {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		if matches(v, want) {
			*found = append(*found, v)
			return
		}
		for _, k := range sortedNames(v) {
			collect(v[k], want, found, depth+1)
		}
	case []any:
		for _, e := range v {
			collect(e, want, found, depth+1)
		}
	}
}

func matches(obj map[string]any, want map[string]string) bool {
	for k, w := range want {
		got, ok := valueAt(obj[k], "")
		if !ok || got != w {
			return false
		}
	}
	return true
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
