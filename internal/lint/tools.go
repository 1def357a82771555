package lint

import (
	"fmt"
	"regexp"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// toolName is what MCP hosts and model APIs accept as a tool name.
var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Per-role ceilings: beyond them a model chooses worse and every turn costs more.
const (
	maxRoleTools  = 20
	maxRoleTokens = 10000
)

func (l *linter) names() {
	for _, t := range l.in.Catalog.Tools {
		if !toolName.MatchString(t.Name) {
			l.report(Finding{Rule: "tool-name-format", Tool: t.Name, Severity: diag.Error, Pos: l.entryPos(t.Name),
				Message: fmt.Sprintf("tool name %q (%d characters) does not match ^[A-Za-z0-9_-]{1,64}$, which model APIs require", t.Name, len(t.Name)),
				Fix:     "allow-list a root field with a shorter name"})
		}
	}
}

func (l *linter) approvals() {
	for _, t := range l.in.Catalog.Tools {
		if t.Kind != catalog.Mutation || t.Approval != catalog.ApprovalNone {
			continue
		}
		p := l.entryPos(t.Name)
		if e := l.entries[t.Name]; e != nil && e.ApprovalPos.Line > 0 {
			p.Line, p.Column = e.ApprovalPos.Line, e.ApprovalPos.Col
		}
		l.report(Finding{Rule: "mutation-approval-none", Tool: t.Name, Severity: diag.Warning, Pos: p,
			Message: fmt.Sprintf("mutation %q runs without a person's approval", t.Name),
			Fix:     "remove approval: none (mutations require approval by default), " + l.suppressFix(t.Name, "mutation-approval-none")})
	}
}

// roles checks each declared role's tool count and token total; without declared roles every
// caller sees every tool, so the whole catalog is checked, positioned at the file.
func (l *linter) roles() {
	type group struct {
		name  string
		pos   ast.Position
		tools int
		total int
	}
	var groups []group
	file := ast.Position{Src: &ast.Source{Name: l.in.Allowlist.Name}}
	for _, r := range l.in.Allowlist.Roles {
		g := group{name: fmt.Sprintf("role %q", r.Name), pos: file}
		g.pos.Line, g.pos.Column = r.Pos.Line, r.Pos.Col
		for _, t := range l.in.Catalog.Tools {
			if t.VisibleTo(r.Name) {
				g.tools++
				g.total += t.Tokens
			}
		}
		groups = append(groups, g)
	}
	if len(groups) == 0 {
		g := group{name: "the catalog (no roles are declared)", pos: file, tools: len(l.in.Catalog.Tools)}
		for _, t := range l.in.Catalog.Tools {
			g.total += t.Tokens
		}
		groups = append(groups, g)
	}
	for _, g := range groups {
		if g.tools > maxRoleTools {
			l.report(Finding{Rule: "role-tool-count", Severity: diag.Warning, Pos: g.pos,
				Message: fmt.Sprintf("%s has %d tools, over %d: models choose worse among many tools", g.name, g.tools, maxRoleTools),
				Fix:     "split the role, or give tools roles: so each role sees what it needs"})
		}
		if g.total > maxRoleTokens {
			l.report(Finding{Rule: "role-token-budget", Severity: diag.Warning, Pos: g.pos,
				Message: fmt.Sprintf("%s costs %d tokens of context on every turn, over %d", g.name, g.total, maxRoleTokens),
				Fix:     "remove tools from the role, or shorten their descriptions and inputs; maxTokens: makes it a hard limit"})
		}
	}
}
