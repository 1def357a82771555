package catdiff

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/plural"
)

// This file compares who can call what. A process runs as one role, and toolrt decides what it
// sees: a declared role its tools, any role every tool when the catalog declares none, and a role
// a catalog with roles does not declare nothing (it refuses to start). A role declared on one
// side only is reported once, at catalog level, with every tool it gains or loses; a role
// declared on both sides, per tool.

// roles compares the declared roles and each role's token total against the threshold.
func (d *differ) roles() {
	oldT, newT := roleTotals(d.old), roleTotals(d.new)
	for _, name := range slices.Sorted(maps.Keys(d.old.Roles)) {
		if _, ok := d.new.Roles[name]; !ok {
			d.roleUndeclared(name)
			continue
		}
		o, n := oldT[name], newT[name]
		if o.Tokens != n.Tokens {
			c := d.add("role-tokens-changed", "", pointer("/roles", name, "tokens"),
				fmt.Sprintf("role %q costs %d tokens, was %d", name, n.Tokens, o.Tokens), o.Tokens, n.Tokens)
			c.Role = name
			c.TokenDelta = &TokenDelta{Old: o.Tokens, New: n.Tokens, Delta: n.Tokens - o.Tokens}
			if costly(o.Tokens, n.Tokens) {
				c.flag(FlagCost)
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(d.new.Roles)) {
		if _, ok := d.old.Roles[name]; !ok {
			d.roleDeclared(name)
		}
	}
}

// roleDeclared reports a role the new catalog declares and the old one does not: everything it
// can call is new to it, so it is reviewed as a whole.
func (d *differ) roleDeclared(name string) {
	ts := d.new.ForRole(name)
	msg := fmt.Sprintf("role %q is newly declared and can call %s", name, reach(ts))
	if len(d.old.Roles) == 0 {
		msg += fmt.Sprintf(" (the old catalog declared no roles: a process started with any role saw all %d tools)", len(d.old.Tools))
	}
	c := d.add("role-added", "", pointer("/roles", name), msg, nil, name)
	c.Role = name
}

// roleUndeclared reports a role the old catalog declares and the new one does not. When the new
// catalog declares no roles at all, a process started with it still starts and now sees every
// tool: a gain, not a loss.
func (d *differ) roleUndeclared(name string) {
	if len(d.new.Roles) == 0 {
		var gained []catalog.Tool
		for _, t := range d.new.Tools {
			if o := d.oldTool(t.Name); o == nil || !o.VisibleTo(name) {
				gained = append(gained, t)
			}
		}
		if len(gained) == 0 {
			return // it saw every tool already: nothing changes for it
		}
		msg := fmt.Sprintf("role %q is no longer declared and the new catalog declares no roles, so a process started with it sees every tool: it gains %s",
			name, reach(gained))
		c := d.add("role-added", "", pointer("/roles", name), msg, nil, name)
		c.Role = name
		return
	}
	ts := d.old.ForRole(name)
	c := d.add("role-removed", "", pointer("/roles", name),
		fmt.Sprintf("role %q is no longer declared, so a process started with it is refused; it could call %s", name, reach(ts)), name, nil)
	c.Role = name
}

func (d *differ) oldTool(name string) *catalog.Tool {
	if d.oldBy == nil {
		d.oldBy = byName(d.old.Tools)
	}
	return d.oldBy[name]
}

// Listed per role-level change: every write up to maxWrites (they are what the review is for),
// fewer reads.
const (
	maxWrites = 20
	maxReads  = 10
)

// reach says what a role can call: a count, then the writes with their approval, then the reads.
func reach(ts []catalog.Tool) string {
	var writes, reads []string
	for _, t := range ts {
		if t.Kind == catalog.Mutation {
			writes = append(writes, fmt.Sprintf("%s (approval %s)", t.Name, t.Approval))
		} else {
			reads = append(reads, t.Name)
		}
	}
	s := plural.Count(len(ts), "tool")
	if len(writes) > 0 {
		s += fmt.Sprintf(". Writes (%d): %s", len(writes), list(writes, maxWrites))
	}
	if len(reads) > 0 {
		s += fmt.Sprintf(". Reads (%d): %s", len(reads), list(reads, maxReads))
	}
	return s
}

// list joins names, the first max of them and a count of the rest.
func list(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + fmt.Sprintf(" and %d more", len(names)-max)
}

// toolRoles compares which roles see the tool, for the roles both catalogs declare; a role
// declared on one side only is reported once, by roles.
func (d *differ) toolRoles(o, n *catalog.Tool) {
	for _, r := range slices.Sorted(maps.Keys(d.old.Roles)) {
		if _, ok := d.new.Roles[r]; !ok {
			continue
		}
		was, is := o.VisibleTo(r), n.VisibleTo(r)
		switch {
		case was && !is:
			c := d.add("role-removed", n.Name, pointer("/roles", r), fmt.Sprintf("role %q can no longer call %q", r, n.Name), r, nil)
			c.Role = r
		case !was && is:
			c := d.add("role-added", n.Name, pointer("/roles", r), fmt.Sprintf("role %q can now call %s %q (approval %s)", r, n.Kind, n.Name, n.Approval), nil, r)
			c.Role = r
		}
	}
}
