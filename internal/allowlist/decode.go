package allowlist

import (
	"fmt"
	"strconv"

	"github.com/toolgen/toolgen/internal/budget"
)

// This file decodes each section of allowlist.yaml from its node.

var (
	topKeys       = []string{"version", "roles", "tools", "selection", "scalars", "diff"}
	roleKeys      = []string{"description", "maxTokens"}
	toolKeys      = []string{"roles", "title", "approval", "description", "selection", "lint"}
	selectionKeys = []string{"pageSize", "maxSelectionTokens", "maxResultLeaves", "maxInputTokens", "maxPageSize", "personal"}
)

func (d *decoder) top(n *node) {
	sawTools := false
	d.mapping(n, "the allow-list", topKeys, func(k, v *node) {
		switch k.Value {
		case "version":
			if v.Value != "1" {
				d.errorf(v, fmt.Sprintf("unsupported version %q", v.Value), "use version: 1 or leave the key out")
			}
		case "roles":
			d.mapping(v, "roles", nil, func(k, v *node) { d.role(k, v) })
		case "tools":
			sawTools = true
			d.mapping(v, "tools", nil, func(k, v *node) { d.tool(k, v) })
			d.noTools(k, v)
		case "selection":
			d.file.Selection = d.selection(v, "selection")
		case "scalars":
			d.scalars(v)
		case "diff":
			d.diff(v)
		}
	})
	if !sawTools && n.Kind == mappingNode {
		d.errorf(n, "the allow-list has no tools: section", "add tools: with at least one Query or Mutation field name")
	}
}

// noTools warns about a tools: section that names no tool (`tools: {}`, or `tools:` with only
// commented-out entries under it, as toolgen init prints it when nothing compiles as it stands):
// the file is valid and compiles to a catalog without tools, which is rarely what was meant.
func (d *decoder) noTools(k, v *node) {
	if !isNull(v) && (v.Kind != mappingNode || len(v.Content) > 0) {
		return
	}
	d.diags.Warn(d.file.Name, k.Line, k.Column, "tools: names no tool, so the catalog has none",
		"uncomment an entry under it, or add a Query or Mutation field name with its description")
}

func (d *decoder) role(k, v *node) {
	r := Role{Name: k.Value, Pos: pos(k)}
	d.mapping(v, "role "+k.Value, roleKeys, func(k, v *node) {
		switch k.Value {
		case "description":
			r.Description = d.str(v, "description")
		case "maxTokens":
			r.MaxTokens = d.positive(v, "maxTokens")
		}
	})
	d.file.Roles = append(d.file.Roles, r)
}

func (d *decoder) tool(k, v *node) {
	e := Entry{Name: k.Value, Pos: pos(k)}
	d.mapping(v, "tool "+k.Value, toolKeys, func(k, v *node) {
		switch k.Value {
		case "roles":
			d.roles(&e, v)
		case "approval":
			e.Approval, e.ApprovalPos = d.str(v, "approval"), pos(v)
			if e.Approval != "required" && e.Approval != "none" {
				d.errorf(v, fmt.Sprintf("approval must be required or none, not %q", e.Approval), "write approval: required (a human approves each call) or approval: none")
			}
		case "title":
			e.Title = d.str(v, "title")
		case "description":
			e.Description = d.str(v, "description")
		case "selection":
			e.Selection = d.selection(v, "selection of tool "+e.Name)
		case "lint":
			d.lint(&e, v)
		}
	})
	d.file.Tools = append(d.file.Tools, e)
}

func (d *decoder) roles(e *Entry, v *node) {
	if v.Kind != sequenceNode {
		d.errorf(v, "roles must be a list of role names, not "+kindName(v), rolesFix(v))
		return
	}
	for _, r := range v.Content {
		name := d.str(r, "role name")
		if name == "" {
			continue
		}
		e.Roles = append(e.Roles, name)
		e.RolePos = append(e.RolePos, pos(r))
	}
}

// rolesFix echoes a single name back as a list (roles: support gets roles: [support]); for
// anything else it says what the list holds.
func rolesFix(v *node) string {
	if v.Kind == scalarNode && !v.Null && v.Value != "" {
		return fmt.Sprintf("write roles: [%s] or leave the key out for every role", v.Value)
	}
	return "write roles: [NAME, ...] with names declared under roles:, or leave the key out for every role"
}

func (d *decoder) selection(v *node, what string) budget.Set {
	var s budget.Set
	d.mapping(v, what, selectionKeys, func(k, v *node) {
		if k.Value == "personal" {
			s.Personal = d.choice(v, "personal")
			return
		}
		n := d.positive(v, k.Value)
		s.Invalid = s.Invalid || n == 0
		switch k.Value {
		case "pageSize":
			s.PageSize = n
		case "maxSelectionTokens":
			s.MaxSelectionTokens = n
		case "maxResultLeaves":
			s.MaxResultLeaves = n
		case "maxInputTokens":
			s.MaxInputTokens = n
		case "maxPageSize":
			s.MaxPageSize = n
		}
	})
	return s
}

// choice reads true or false; anything else is reported and leaves the setting to the
// enclosing block.
func (d *decoder) choice(v *node, what string) budget.Choice {
	switch {
	case v.Kind == scalarNode && !v.Null && v.Value == "true":
		return budget.On
	case v.Kind == scalarNode && !v.Null && v.Value == "false":
		return budget.Off
	}
	d.errorf(v, fmt.Sprintf("%s must be true or false, not %s", what, kindName(v)), "write "+what+": true to select personal data by default, or leave the key out")
	return budget.Inherit
}

func (d *decoder) str(v *node, what string) string {
	if v.Kind != scalarNode || isNull(v) {
		d.errorf(v, fmt.Sprintf("%s must be a string, not %s", what, kindName(v)), "write a plain or quoted string")
		return ""
	}
	return v.Value
}

func (d *decoder) positive(v *node, what string) int {
	n, err := strconv.Atoi(v.Value)
	if v.Kind != scalarNode || err != nil || n <= 0 {
		d.errorf(v, fmt.Sprintf("%s must be a positive whole number, not %s", what, kindName(v)), "write a number such as 10")
		return 0
	}
	return n
}
