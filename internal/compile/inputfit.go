package compile

// This file runs the input fit phase (docs/selection.md, "Input fit") on every tool whose input
// schema is over its maxInputTokens: jsonschema.Fit shares identical parts and shortens nested
// descriptions, never a property or a constraint, and the tool's notes say what it did. The
// input budget's warning, which runs next, still fires for a tool that stays over.

import (
	"fmt"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/jsonschema"
)

// fitInputs fits each over-budget input schema and updates the tool's schema, notes and tokens.
func (c *compiler) fitInputs() diag.List {
	var ds diag.List
	if c.cat == nil || len(c.inputs) != len(c.cat.Tools) {
		return ds
	}
	cost := func(o jsonschema.Object) (int, error) { return c.tokens.Count(string(o.Compact())) }
	for i := range c.cat.Tools {
		t := &c.cat.Tools[i]
		e := c.list.Entry(t.Name)
		limit := c.budgets(e).MaxInputTokens
		if t.Tokens <= limit { // the schema is a part of the tool's count
			continue
		}
		head, err := c.tokens.Count(t.Name + " " + t.Description)
		var s jsonschema.Object
		var notes []string
		if err == nil {
			// the schema's share of the tool's count: it is not tokenized again
			s, notes, _, err = jsonschema.Fit(c.inputs[i], t.Tokens-head, limit, cost)
		}
		if err == nil && len(notes) > 0 {
			t.InputSchema, c.inputs[i] = s.Compact(), s
			t.Notes = append(t.Notes, notes...)
			t.Tokens, err = c.tokens.Count(t.Name + " " + t.Description + " " + string(t.InputSchema))
		}
		if err != nil {
			ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("cannot count the input schema of %q: %v", t.Name, err),
				"reinstall the module cache (go clean -modcache; go mod download)")
		}
	}
	return ds
}
