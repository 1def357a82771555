package catdiff

import (
	"fmt"
	"maps"
	"slices"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/injection"
)

// SchemaVersion is the version of the JSON report; it changes only when a field changes meaning.
const SchemaVersion = 1

// Options adjust a diff.
type Options struct {
	// Levels overrides the default level of a rule by id (from allowlist.yaml's diff: section).
	Levels map[string]Level
}

// Report is the outcome of a diff: what changed for the agent, and what each role now costs.
type Report struct {
	SchemaVersion int      `json:"schemaVersion"`
	Old           Meta     `json:"old"`
	New           Meta     `json:"new"`
	Summary       Summary  `json:"summary"`
	Tokens        Tokens   `json:"tokens"`
	Changes       []Change `json:"changes"`
}

// Meta says which toolgen compiled a catalog from which inputs.
type Meta struct {
	Toolgen string `json:"toolgen"`
	Inputs  string `json:"inputs"`
	Digest  string `json:"digest"`
	// DigestValid is false when the file was edited after toolgen wrote it.
	DigestValid bool `json:"digestValid"`
}

// Summary counts changes per level and flag.
type Summary struct {
	Breaking  int `json:"breaking"`
	Dangerous int `json:"dangerous"`
	Safe      int `json:"safe"`
	Security  int `json:"security"`
	Cost      int `json:"cost"`
	Reviewed  int `json:"reviewed,omitempty"` // changes a -reviewed file acknowledges
}

// Tokens is the context cost per role, old and new.
type Tokens struct {
	ByRole []RoleTokens `json:"byRole"`
}

// RoleTokens is one role's cost; a role absent on one side has 0 tools and tokens there.
type RoleTokens struct {
	Role     string `json:"role"`
	Old      int    `json:"old"`
	New      int    `json:"new"`
	Delta    int    `json:"delta"`
	OldTools int    `json:"oldTools"`
	NewTools int    `json:"newTools"`
}

// Diff compares two catalogs. It never fails: any two catalogs that catalog.Parse accepts can be
// compared, and a malformed part (an input schema that is not an object) is compared as a value.
func Diff(old, new *catalog.Catalog, opts Options) *Report {
	d := &differ{old: old, new: new}
	d.tools()
	d.roles()
	r := &Report{SchemaVersion: SchemaVersion, Old: meta(old), New: meta(new), Tokens: Tokens{ByRole: roleTokens(old, new)}}
	for i := range d.changes {
		c := &d.changes[i]
		if l, ok := opts.Levels[c.ID]; ok && l != c.Level {
			if l > c.Level {
				c.Message += fmt.Sprintf(" (%s by default; lowered by the allow-list's diff: section)", c.Level)
			}
			c.Level = l
		}
		c.seal()
	}
	sortChanges(d.changes)
	r.Changes = d.changes
	if r.Changes == nil {
		r.Changes = []Change{}
	}
	r.Summary = summarize(r.Changes)
	return r
}

func meta(c *catalog.Catalog) Meta {
	return Meta{Toolgen: c.Toolgen, Inputs: c.Inputs, Digest: c.Digest}
}

func summarize(cs []Change) Summary {
	var s Summary
	for _, c := range cs {
		switch c.Level {
		case Breaking:
			s.Breaking++
		case Dangerous:
			s.Dangerous++
		default:
			s.Safe++
		}
		if c.Has(FlagSecurity) {
			s.Security++
		}
		if c.Has(FlagCost) {
			s.Cost++
		}
	}
	return s
}

// differ collects the changes of one comparison.
type differ struct {
	old, new *catalog.Catalog
	changes  []Change
	oldBy    map[string]*catalog.Tool // the old tools by name, once needed
	inject   injection.Matcher
}

// add records a change of rule id with its default level and flags.
func (d *differ) add(id, tool, path, msg string, old, new any) *Change {
	r := rule(id)
	d.changes = append(d.changes, Change{ID: id, Level: r.Level, Flags: slices.Clone(r.Flags), Tool: tool, Path: path, Message: msg, Old: old, New: new})
	return &d.changes[len(d.changes)-1]
}

// costly is the cost flag's threshold: more than 25 % and more than 100 tokens.
func costly(old, new int) bool {
	return new-old > 100 && float64(new) > 1.25*float64(old)
}

// roleTokens is the per-role token table, roles sorted by name; without declared roles on
// either side it has one row, "(all tools)".
func roleTokens(old, new *catalog.Catalog) []RoleTokens {
	names := map[string]bool{}
	for n := range old.Roles {
		names[n] = true
	}
	for n := range new.Roles {
		names[n] = true
	}
	if len(names) == 0 {
		o, n := total(old.Tools), total(new.Tools)
		return []RoleTokens{{Role: "(all tools)", Old: o, New: n, Delta: n - o, OldTools: len(old.Tools), NewTools: len(new.Tools)}}
	}
	var out []RoleTokens
	oldT, newT := roleTotals(old), roleTotals(new)
	for _, name := range slices.Sorted(maps.Keys(names)) {
		o, n := oldT[name], newT[name]
		out = append(out, RoleTokens{Role: name, Old: o.Tokens, New: n.Tokens, Delta: n.Tokens - o.Tokens, OldTools: o.Tools, NewTools: n.Tools})
	}
	return out
}

// roleTotals sums each declared role's tools and tokens from the tools themselves (a tool with
// no roles is every role's), not from the catalog's "roles" totals, which a hand edit can leave
// stale.
func roleTotals(c *catalog.Catalog) map[string]catalog.Role {
	out := map[string]catalog.Role{}
	for name := range c.Roles {
		var r catalog.Role
		for _, t := range c.Tools {
			if len(t.Roles) == 0 || slices.Contains(t.Roles, name) {
				r.Tools++
				r.Tokens += t.Tokens
			}
		}
		out[name] = r
	}
	return out
}

func total(ts []catalog.Tool) int {
	n := 0
	for _, t := range ts {
		n += t.Tokens
	}
	return n
}
