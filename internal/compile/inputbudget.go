package compile

// This file is the input budget: a tool whose input schema costs more o200k tokens than
// maxInputTokens gets a warning naming its heaviest properties, so the reviewer knows what to
// cut (an override that forwards fewer variables, a narrower input type).

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/jsonschema"
)

// inputBudgets warns about every tool whose input schema is over its budget. The schema's cost
// is the tool's count (name, description and schema, made already) minus that of its name and
// description: the schema, often kilobytes, is not tokenized twice.
func (c *compiler) inputBudgets() diag.List {
	var ds diag.List
	if c.cat == nil {
		return ds
	}
	for _, t := range c.cat.Tools {
		e := c.list.Entry(t.Name)
		set := c.budgets(e)
		limit := set.MaxInputTokens
		if t.Tokens <= limit || set.Invalid { // an invalid budget is reported already
			continue
		}
		head, err := c.tokens.Count(t.Name + " " + t.Description)
		n := t.Tokens - head // the schema's share of the tool's count, give or take a token at the seam
		if err != nil || n <= limit {
			continue
		}
		ds.Warn(c.list.Name, e.Pos.Line, e.Pos.Col,
			fmt.Sprintf("input schema of %q costs about %d tokens, over maxInputTokens %d (heaviest: %s)", t.Name, n, limit, heaviest(t.InputSchema, 3, n)),
			fmt.Sprintf("the input fit phase could not bring it within budget: write %s forwarding fewer variables (or passing parts of an input as literals), or raise selection.maxInputTokens for the tool", c.overrideFile(t.Name)))
	}
	return ds
}

// weight is the estimated token cost of one part of an input schema.
type weight struct {
	path   string
	tokens int
	what   string // what makes it heavy: an enum's values, an object's fields, its description
}

// heaviest names the n costliest parts of an input schema: its properties (an object property
// by its own properties, one level down), and its $defs. A part's tokens are estimated from its
// length at the schema's own tokens per byte: the ranking needs no second tokenizer pass.
func heaviest(raw []byte, n, tokens int) string {
	var schema map[string]any
	if json.Unmarshal(raw, &schema) != nil {
		return "unknown"
	}
	perByte := float64(tokens) / float64(len(raw))
	var ws []weight
	add := func(path string, v any) {
		ws = append(ws, weight{path, int(float64(len(jsonschema.Compact(plain(v))))*perByte + 0.5), madeOf(v)})
	}
	props, _ := schema["properties"].(map[string]any)
	for name, p := range props {
		nested := nestedProperties(p)
		if len(nested) == 0 {
			add(name, p)
		}
		for q, v := range nested { // an input object is named by its parts
			add(name+"."+q, v)
		}
	}
	defs, _ := schema["$defs"].(map[string]any)
	for name, d := range defs {
		add("$defs."+name, d)
	}
	slices.SortFunc(ws, func(a, b weight) int {
		if a.tokens != b.tokens {
			return b.tokens - a.tokens
		}
		return strings.Compare(a.path, b.path)
	})
	var parts []string
	for _, w := range ws[:min(n, len(ws))] {
		part := fmt.Sprintf("%s ~%d", w.path, w.tokens)
		if w.what != "" {
			part += " (" + w.what + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// madeOf says what a part of an input schema is, so the warning says why it is heavy: an enum
// of its values (which no fit step may cut), an input object of its fields, and the length of
// a description that is most of it.
func madeOf(v any) string {
	o, _ := v.(map[string]any)
	if items, ok := o["items"].(map[string]any); ok && o["enum"] == nil && o["properties"] == nil {
		if what := madeOf(items); what != "" {
			return "a list of " + what
		}
	}
	desc, _ := o["description"].(string)
	whole := len(jsonschema.Compact(plain(v)))
	switch {
	case o["enum"] != nil:
		return fmt.Sprintf("an enum of %d values", len(o["enum"].([]any)))
	case o["properties"] != nil:
		return fmt.Sprintf("an input object of %d fields", len(o["properties"].(map[string]any)))
	case 2*len(desc) > whole:
		return fmt.Sprintf("a description of %d characters", len(desc))
	}
	return ""
}

// nestedProperties are the properties of an object schema (items of an array included).
func nestedProperties(v any) map[string]any {
	o, _ := v.(map[string]any)
	if props, ok := o["properties"].(map[string]any); ok {
		return props
	}
	if items, ok := o["items"]; ok {
		return nestedProperties(items)
	}
	return nil
}

// plain converts decoded JSON to the values jsonschema.Compact writes, keys sorted: only its
// length matters here.
func plain(v any) any {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		o := jsonschema.Object{}
		for _, k := range keys {
			o = append(o, jsonschema.Member{Key: k, Value: plain(v[k])})
		}
		return o
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plain(x)
		}
		return out
	case float64:
		return json.Number(strconv.FormatFloat(v, 'f', -1, 64))
	}
	return v
}
