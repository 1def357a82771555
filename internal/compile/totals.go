package compile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/diag"
)

// totals fills each declared role's tool count and token total and enforces maxTokens: the
// context a role's tools cost is a budget the allow-list sets, not an accident.
func (c *compiler) totals() diag.List {
	var ds diag.List
	if c.cat == nil {
		return ds
	}
	for _, r := range c.list.Roles {
		var tools []catalog.Tool
		total := 0
		for _, t := range c.cat.Tools {
			if t.VisibleTo(r.Name) {
				tools = append(tools, t)
				total += t.Tokens
			}
		}
		c.cat.Roles[r.Name] = catalog.Role{Description: r.Description, Tools: len(tools), Tokens: total, MaxTokens: r.MaxTokens}
		if r.MaxTokens > 0 && total > r.MaxTokens {
			ds.Add(c.list.Name, r.Pos.Line, r.Pos.Col,
				fmt.Sprintf("role %q costs %d tokens, over its maxTokens %d (most expensive: %s)", r.Name, total, r.MaxTokens, mostExpensive(tools, 3)),
				"remove tools from the role, shorten their descriptions or selections, or raise maxTokens")
		}
	}
	return ds
}

func mostExpensive(tools []catalog.Tool, n int) string {
	sorted := slices.Clone(tools)
	// Ties by name keep the message stable.
	slices.SortStableFunc(sorted, func(a, b catalog.Tool) int {
		if a.Tokens != b.Tokens {
			return b.Tokens - a.Tokens
		}
		return strings.Compare(a.Name, b.Name)
	})
	var parts []string
	for _, t := range sorted[:min(n, len(sorted))] {
		parts = append(parts, fmt.Sprintf("%s %d", t.Name, t.Tokens))
	}
	return strings.Join(parts, ", ")
}
