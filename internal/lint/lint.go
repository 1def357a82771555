// Package lint checks a compiled catalog for what a reviewer should never have to catch by eye:
// credentials handed to or asked of the model, identity the model may choose, writes without
// approval, open-ended inputs, descriptions that address the model or hide text, descriptions
// too alike to choose between, and roles that cost too much. Every finding is positioned at the
// input that causes it (allowlist.yaml, the override, or the schema) and can be excused only in
// allowlist.yaml, next to the tool, with a reason.
package lint

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/injection"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// Input is what the lints read: the catalog and the validated inputs it came from, for positions.
type Input struct {
	Catalog   *catalog.Catalog
	Allowlist *allowlist.File
	Schema    *ast.Schema
	// SchemaPaths are the schema's file names, as in its positions: one, or each file of a
	// schema split over several.
	SchemaPaths []string
	// Docs are each tool's validated operation; an override's positions name its file.
	Docs map[string]*ast.QueryDocument
	// Overrides maps a tool to its tool-selections/ file; tools without one use the default.
	Overrides map[string]string
	// SelectionsDir is the overrides folder as given, which fixes name; "" means tool-selections.
	SelectionsDir string
	// AllWarnings reports every finding as a warning (`toolgen -lint warn`).
	AllWarnings bool
}

// Finding is one lint result.
type Finding struct {
	Rule     string
	Tool     string // "" for role-level findings
	Severity diag.Severity
	Pos      ast.Position // Src.Name is the file; Line 0 means the whole file
	Message  string
	Fix      string
	// Suppressed holds the reason when allowlist.yaml excuses the finding.
	Suppressed string
}

// Rule is one lint with the severity it has unless a finding says otherwise.
type Rule struct {
	ID       string
	Severity diag.Severity
	Doc      string
}

// Rules lists every lint, in a fresh slice.
func Rules() []Rule {
	return []Rule{
		{"secret-in-selection", diag.Error, "a selected field reads as a credential"},
		{"credential-input", diag.Error, "an input reads as a credential"},
		{"credential-only", diag.Warning, "a tool returns only what describes a credential its selection leaves out"},
		{"identity-input", diag.Warning, "an input names the acting identity"},
		{"mutation-approval-none", diag.Warning, "a mutation runs without approval"},
		{"open-ended-input", diag.Warning, "an input accepts arbitrary JSON"},
		{"description-injection", diag.Error, "a description hides text, imitates a system prompt (errors) or commands the model (warnings)"},
		{"near-duplicate-description", diag.Error, "two tools of a role have identical (error) or near-identical (warning) descriptions"},
		{"description-too-short", diag.Warning, "a description under 12 words or one that restates the name"},
		{"deprecated-usage", diag.Warning, "the operation selects a deprecated field or the root field is deprecated"},
		{"role-tool-count", diag.Warning, "a role sees more than 20 tools"},
		{"role-token-budget", diag.Warning, "a role's tools cost more than 10k tokens"},
		{"role-lacks-gate", diag.Warning, "a role gets a tool the API answers only for a role of another name (@hasRole)"},
		{"tool-name-format", diag.Error, "a tool name outside ^[A-Za-z0-9_-]{1,64}$"},
	}
}

// IDs lists the rule ids.
func IDs() []string {
	var ids []string
	for _, r := range Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}

// Run checks the catalog and returns the diagnostics (findings not suppressed, and problems
// with the suppressions themselves) and every finding per tool, suppressed ones included, for
// the review page.
func Run(in Input) (diag.List, map[string][]Finding) {
	l := newLinter(in)
	for _, check := range []func(){l.names, l.approvals, l.inputs, l.selections, l.credentialOnly, l.descriptions, l.duplicates, l.roles, l.gates} {
		check()
	}
	ds := l.suppress()
	for _, f := range l.findings {
		if f.Suppressed == "" {
			ds = append(ds, l.diagnostic(f))
		}
	}
	if in.AllWarnings {
		for i := range ds {
			ds[i].Severity = diag.Warning
		}
	}
	byTool := map[string][]Finding{}
	for _, f := range l.findings {
		if f.Tool != "" {
			byTool[f.Tool] = append(byTool[f.Tool], f)
		}
	}
	return ds, byTool
}

// linter collects findings. What many findings and fields share is looked up once per run.
type linter struct {
	in       Input
	findings []Finding

	entries    map[string]*allowlist.Entry // the first entry of each name, as Allowlist.Entry
	allowSrc   *ast.Source                 // allowlist.yaml, the source of every entryPos
	candidates map[string]bool             // sensitive.Candidate per field or input name
	secrets    map[sensitive.Field]bool    // sensitive.Credential per candidate in its context
	holders    map[string]bool             // sensitive.Holder per type name
	identity   map[string]bool             // sensitive.IdentityIn per input path
	inject     injection.Matcher           // the description-injection patterns, its scratch space reused
	schemas    schemaWalker                // reads each tool's input schema, its buffers reused
	offered    *jsonschema.Mapper          // what the input schemas leave out (LeftOut), with the mapped scalars
}

func newLinter(in Input) *linter {
	l := &linter{in: in, entries: map[string]*allowlist.Entry{}, allowSrc: &ast.Source{Name: in.Allowlist.Name},
		candidates: map[string]bool{}, secrets: map[sensitive.Field]bool{}, holders: map[string]bool{}, identity: map[string]bool{}}
	mapped := map[string]jsonschema.Object{}
	for _, s := range in.Allowlist.Scalars {
		mapped[s.Name] = nil // LeftOut asks only whether a scalar is mapped, not to what
	}
	l.offered = jsonschema.New(in.Schema).WithScalars(mapped)
	for i := range in.Allowlist.Tools {
		e := &in.Allowlist.Tools[i]
		if l.entries[e.Name] == nil {
			l.entries[e.Name] = e
		}
	}
	return l
}

// credential is sensitive.Credential, computed once per distinct field in a run; most names are
// no candidate, and decided once per name.
// holder is sensitive.Holder, remembered per type name.
func (l *linter) holder(name string) bool {
	h, ok := l.holders[name]
	if !ok {
		h = sensitive.Holder(name)
		l.holders[name] = h
	}
	return h
}

func (l *linter) credential(f sensitive.Field) bool {
	cand, ok := l.candidates[f.Name]
	if !ok {
		cand = sensitive.Candidate(f.Name)
		l.candidates[f.Name] = cand
	}
	if !cand {
		return false
	}
	c, ok := l.secrets[f]
	if !ok {
		c = sensitive.Credential(f)
		l.secrets[f] = c
	}
	return c
}

// identityInput is sensitive.IdentityIn for the input at the dotted path, computed once per
// distinct path in a run.
func (l *linter) identityInput(path string) bool {
	c, ok := l.identity[path]
	if !ok {
		within := strings.Split(path, ".")
		c = sensitive.IdentityIn(within[len(within)-1], within[:len(within)-1])
		l.identity[path] = c
	}
	return c
}

func (l *linter) report(f Finding) {
	l.findings = append(l.findings, f)
}

func (l *linter) diagnostic(f Finding) diag.Diagnostic {
	return diag.Diagnostic{File: f.Pos.Src.Name, Line: f.Pos.Line, Col: f.Pos.Column, Severity: f.Severity,
		Message: f.Rule + ": " + f.Message, Fix: f.Fix}
}

// entryPos is a tool's key in allowlist.yaml.
func (l *linter) entryPos(tool string) ast.Position {
	p := ast.Position{Src: l.allowSrc}
	if e := l.entries[tool]; e != nil {
		p.Line, p.Column = e.Pos.Line, e.Pos.Col
	}
	return p
}

// posIn returns p when it lies in one of the hand-written inputs (the schema or the tool's
// override), else the tool's allow-list entry: a generated document is nothing a person edits.
func (l *linter) posIn(tool string, p *ast.Position) ast.Position {
	if p != nil && p.Src != nil && !p.Src.BuiltIn && p.Line > 0 &&
		(slices.Contains(l.in.SchemaPaths, p.Src.Name) || p.Src.Name != "" && p.Src.Name == l.in.Overrides[tool]) {
		return *p
	}
	return l.entryPos(tool)
}

// suppressFix is the fix every finding offers besides removing its cause.
func (l *linter) suppressFix(tool, rule string) string {
	return fmt.Sprintf("or excuse it in %s under tools.%s.lint with - rule: %s and a reason", l.allowName(), tool, rule)
}

// overrideFix names where a tool's selection is changed: its override, or the one to write in
// the overrides folder in use.
func (l *linter) overrideFix(tool string) string {
	if o := l.in.Overrides[tool]; o != "" {
		return o
	}
	dir := l.in.SelectionsDir
	if dir == "" {
		dir = "tool-selections"
	}
	return "an override in " + path.Join(dir, tool+".graphql")
}

// allowName is the allow-list's path as given, for the fixes that send the reader there.
func (l *linter) allowName() string {
	if l.in.Allowlist != nil && l.in.Allowlist.Name != "" {
		return l.in.Allowlist.Name
	}
	return "allowlist.yaml"
}
