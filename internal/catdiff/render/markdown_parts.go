package render

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/plural"
)

// collapseOver is how many dangerous or safe changes show as one list; above it they are
// grouped per tool, each tool folded into <details>: a comment read in a minute cannot list
// seven hundred of them inline. Security and breaking changes never fold: they are what the
// comment is for.
const collapseOver = 10

// levelSection is a level's changes: listed when there are at most collapseOver, else grouped
// per tool, each tool folded into <details>; shrunk, a tool's changes are counted per rule.
func levelSection(name, head string, cs []catdiff.Change) *section {
	if len(cs) == 0 {
		return &section{name: name, head: head}
	}
	groups := byTool(cs)
	s := &section{name: name, head: head, foldBrief: len(groups) > collapseOver,
		perRule: fmt.Sprintf("%d changes in %s: %s.\n\n", len(cs), toolCount(groups), ruleCounts(cs, false))}
	if len(cs) <= collapseOver {
		s.tail, s.more = "\n", "- … and %d more, not shown here\n"
		for _, c := range cs {
			s.full = append(s.full, "- "+item(c)+"\n")
		}
		s.k = len(s.full)
		return s
	}
	for _, g := range groups {
		var b strings.Builder
		fmt.Fprintf(&b, "<details><summary>%s: %s</summary>\n\n", g.title(), ruleCounts(g.changes, true))
		for _, c := range g.changes {
			b.WriteString("- " + itemText(c) + "\n")
		}
		b.WriteString("\n</details>\n\n")
		s.full = append(s.full, b.String())
		s.brief = append(s.brief, fmt.Sprintf("- %s: %s\n", g.name(), ruleCounts(g.changes, false)))
	}
	s.k = len(s.full)
	return s
}

// group is the changes of one tool; tool "" holds the catalog's own (roles).
type group struct {
	tool    string
	changes []catdiff.Change
}

func (g group) title() string {
	if g.tool == "" {
		return "roles"
	}
	return "<code>" + htmlText(g.tool) + "</code>"
}

func (g group) name() string {
	if g.tool == "" {
		return "roles"
	}
	return code(g.tool)
}

// byTool groups changes by tool, the catalog's own first, tools by name, each group in report
// order.
func byTool(cs []catdiff.Change) []group {
	m := map[string][]catdiff.Change{}
	for _, c := range cs {
		m[c.Tool] = append(m[c.Tool], c)
	}
	var out []group
	for _, t := range slices.Sorted(maps.Keys(m)) {
		out = append(out, group{t, m[t]})
	}
	return out
}

func toolCount(gs []group) string {
	n := 0
	for _, g := range gs {
		if g.tool != "" {
			n++
		}
	}
	return plural.Count(n, "tool")
}

// ruleCounts is "selection-field-removed ×2, input-description-changed": rules by how often they
// occur, most first, as code in Markdown or, for a <summary> (where GitHub reads no Markdown), in
// HTML.
func ruleCounts(cs []catdiff.Change, html bool) string {
	n := map[string]int{}
	for _, c := range cs {
		n[c.ID]++
	}
	ids := slices.SortedFunc(maps.Keys(n), func(a, b string) int { return cmp.Or(n[b]-n[a], strings.Compare(a, b)) })
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = "`" + id + "`"
		if html {
			parts[i] = "<code>" + id + "</code>"
		}
		if n[id] > 1 {
			parts[i] += fmt.Sprintf(" ×%d", n[id])
		}
	}
	return strings.Join(parts, ", ")
}

// item is one change on one line: rule, flags, tool, message.
func item(c catdiff.Change) string {
	s := "`" + c.ID + "`"
	for _, f := range c.Flags {
		s += " **" + f + "**"
	}
	if c.Tool != "" {
		s += " " + code(c.Tool)
	}
	return s + ": " + message(c)
}

// itemText is an item under its tool's heading: rule, flags and message.
func itemText(c catdiff.Change) string {
	s := "`" + c.ID + "`"
	for _, f := range c.Flags {
		s += " **" + f + "**"
	}
	return s + ": " + message(c)
}

func message(c catdiff.Change) string {
	s := inline(c.Message)
	if c.TokenDelta != nil {
		s += " " + tokenNote(c.TokenDelta)
	}
	if c.Reviewed != "" {
		s += " — **reviewed**: " + inline(c.Reviewed)
	}
	return s
}

func tokenNote(t *catdiff.TokenDelta) string {
	if t.Estimated {
		return fmt.Sprintf("(≈%+d tokens)", t.Delta)
	}
	return fmt.Sprintf("(%+d tokens)", t.Delta)
}

func tokenTable(r *catdiff.Report) string {
	var b strings.Builder
	b.WriteString("#### Tokens per role\n\n| Role | Tools | Old | New | Delta |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, t := range r.Tokens.ByRole {
		tools := fmt.Sprint(t.NewTools)
		if t.OldTools != t.NewTools {
			tools = fmt.Sprintf("%d → %d", t.OldTools, t.NewTools)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s |\n", inline(t.Role), tools, t.Old, t.New, delta(t.Old, t.New))
	}
	b.WriteString("\n")
	if answerCosts(r) > 0 {
		b.WriteString(answerLegend + "\n\n")
	}
	return b.String()
}

// delta shows a change with its percentage, "+120 (+15 %)"; "0" when nothing moved.
func delta(old, new int) string {
	d := new - old
	if d == 0 || old == 0 {
		return fmt.Sprintf("%+d", d)
	}
	return fmt.Sprintf("%+d (%+.0f %%)", d, 100*float64(d)/float64(old))
}

// detailsSection groups the changes by tool (role-level changes under "roles"), each in a
// <details> block with a table of rule, level, path, old, new and fingerprint, then any word diffs.
func detailsSection(cs []catdiff.Change) *section {
	s := &section{name: "details", more: "The details of %d more tools are left out.\n\n"}
	groups := byTool(cs)
	if len(groups) == 0 {
		return s
	}
	s.head = "#### Details\n\n"
	for _, g := range groups {
		var b strings.Builder
		fmt.Fprintf(&b, "<details><summary>%s: %d change(s)</summary>\n\n", g.title(), len(g.changes))
		b.WriteString("| Rule | Level | Path | Old | New | Fingerprint |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, c := range g.changes {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | `%s` |\n", c.ID, c.Level, code(c.Path), value(c.Old), value(c.New), c.Fingerprint)
		}
		for _, c := range g.changes {
			if c.WordDiff != "" && c.TokenDelta != nil {
				fmt.Fprintf(&b, "\n%s %s:\n\n%s\n", code(c.Path), tokenNote(c.TokenDelta), wordQuote(c))
			}
		}
		b.WriteString("\n</details>\n\n")
		s.full = append(s.full, b.String())
	}
	s.k = len(s.full)
	return s
}
