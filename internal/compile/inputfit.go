package compile

// This file runs the input fit phase (docs/selection.md, "Input fit") on every tool whose input
// schema is over its maxInputTokens: jsonschema.Fit shares identical parts and shortens nested
// descriptions, never a property or a constraint, and the tool's notes say what it did. The
// input budget's warning, which runs next, still fires for a tool that stays over.

import (
	"fmt"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/parallel"
)

// fitInputs fits each over-budget input schema and updates the tool's schema, notes and tokens.
// Tools are fitted side by side (each touches only its own slot); diagnostics keep tool order.
func (c *compiler) fitInputs() diag.List {
	if c.cat == nil || len(c.inputs) != len(c.cat.Tools) {
		return nil
	}
	errs := make([]error, len(c.cat.Tools))
	_ = parallel.Run(len(c.cat.Tools), func(_, i int) error { errs[i] = c.fitInput(i); return nil }) // every tool's error becomes a diagnostic
	var ds diag.List
	for i, err := range errs {
		if err != nil {
			t := c.cat.Tools[i]
			e := c.list.Entry(t.Name)
			ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("cannot count the input schema of %q: %v", t.Name, err),
				"reinstall the module cache (go clean -modcache; go mod download)")
		}
	}
	return ds
}

// fitInput fits tool i's input schema when it is over its budget.
func (c *compiler) fitInput(i int) error {
	t := &c.cat.Tools[i]
	limit := c.budgets(c.list.Entry(t.Name)).MaxInputTokens
	if t.Tokens <= limit { // the schema is a part of the tool's count
		return nil
	}
	head, err := c.tokens.Count(t.Name + " " + t.Description)
	if err != nil {
		return err
	}
	cost := func(o jsonschema.Object) (int, error) { return c.tokens.Count(string(o.Compact())) }
	// the schema's share of the tool's count: it is not tokenized again
	s, notes, _, err := jsonschema.Fit(c.inputs[i], t.Tokens-head, limit, cost)
	if err != nil || len(notes) == 0 {
		return err
	}
	t.InputSchema, c.inputs[i] = s.Compact(), s
	t.Notes = append(t.Notes, notes...)
	t.Tokens, err = c.tokens.Count(t.Name + " " + t.Description + " " + string(t.InputSchema))
	return err
}
