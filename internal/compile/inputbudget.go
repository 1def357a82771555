package compile

// This file is the input budget: a tool whose input schema costs more o200k tokens than
// maxInputTokens gets a warning naming its heaviest properties, so the reviewer knows what to
// cut (an override that forwards fewer variables, a narrower input type).

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/tokencount"
)

// DefaultMaxInputTokens is the input budget when the allow-list sets none.
const DefaultMaxInputTokens = 1500

// inputBudget warns when the tool's input schema is over its budget. toolTokens, the tool's
// whole cost (name, description and input schema), bounds the schema's: only a tool over budget
// as a whole has its schema counted on its own.
func (c *compiler) inputBudget(e *allowlist.Entry, schema jsonschema.Object, compact []byte, toolTokens int) diag.List {
	var ds diag.List
	limit := e.Selection.Merge(c.list.Selection).MaxInputTokens
	if limit == 0 {
		limit = DefaultMaxInputTokens
	}
	if toolTokens <= limit {
		return ds
	}
	n, err := tokencount.Count(string(compact))
	if err != nil || n <= limit {
		return ds
	}
	ds.Warn(c.list.Name, e.Pos.Line, e.Pos.Col,
		fmt.Sprintf("input schema of %q costs %d tokens, over maxInputTokens %d (heaviest: %s)", e.Name, n, limit, heaviest(schema, 3, float64(n)/float64(len(compact)))),
		fmt.Sprintf("write tool-selections/%s.graphql forwarding fewer variables (or passing parts of an input as literals), or raise selection.maxInputTokens for the tool", e.Name))
	return ds
}

// weight is the estimated token cost of one part of an input schema.
type weight struct {
	path   string
	tokens int
}

// heaviest names the n costliest parts of an input schema: its properties (an object property
// by its own properties, one level down), and its $defs. A part's tokens are estimated from its
// length at the schema's own tokens per byte: the ranking needs no second tokenizer pass.
func heaviest(schema jsonschema.Object, n int, tokensPerByte float64) string {
	var ws []weight
	add := func(path string, v any) {
		ws = append(ws, weight{path, int(float64(len(jsonschema.Compact(v)))*tokensPerByte + 0.5)})
	}
	for _, m := range schema {
		switch m.Key {
		case "properties":
			props, _ := m.Value.(jsonschema.Object)
			for _, p := range props {
				nested := nestedProperties(p.Value)
				if len(nested) == 0 {
					add(p.Key, p.Value)
				}
				for _, q := range nested { // an input object is named by its parts
					add(p.Key+"."+q.Key, q.Value)
				}
			}
		case "$defs":
			defs, _ := m.Value.(jsonschema.Object)
			for _, d := range defs {
				add("$defs."+d.Key, d.Value)
			}
		}
	}
	slices.SortStableFunc(ws, func(a, b weight) int { return b.tokens - a.tokens })
	var parts []string
	for _, w := range ws[:min(n, len(ws))] {
		parts = append(parts, fmt.Sprintf("%s ~%d", w.path, w.tokens))
	}
	return strings.Join(parts, ", ")
}

// nestedProperties are the properties of an object schema (items of an array included).
func nestedProperties(v any) jsonschema.Object {
	o, _ := v.(jsonschema.Object)
	for _, m := range o {
		switch m.Key {
		case "properties":
			props, _ := m.Value.(jsonschema.Object)
			return props
		case "items":
			return nestedProperties(m.Value)
		}
	}
	return nil
}
