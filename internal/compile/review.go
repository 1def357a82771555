package compile

import (
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/answersize"
	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/lint"
	"github.com/vektah/gqlparser/v2/ast"
)

func (c *compiler) keepDoc(tool string, doc *ast.QueryDocument) {
	if c.docs == nil {
		c.docs = map[string]*ast.QueryDocument{}
	}
	c.docs[tool] = doc
}

// review runs the lints over the built catalog and fills what only the review page shows: each
// tool's findings, its override's reason and the estimated size of its answer. It runs only on
// a catalog without errors, since the lints read validated documents.
func (c *compiler) review(in Inputs) diag.List {
	if c.cat == nil {
		return nil
	}
	overrides := map[string]string{}
	for tool, o := range c.overrides {
		overrides[tool] = o.File
	}
	ds := catdiff.CheckLevels(c.list)
	lds, findings := lint.Run(lint.Input{Catalog: c.cat, Allowlist: c.list, Schema: c.schema, SchemaPaths: in.schemaPaths(),
		Docs: c.docs, Overrides: overrides, SelectionsDir: c.selections, AllWarnings: in.LintAsWarnings})
	ds = append(ds, lds...)
	for i := range c.cat.Tools {
		t := &c.cat.Tools[i]
		for _, f := range findings[t.Name] {
			sev := "error"
			if f.Severity == diag.Warning || in.LintAsWarnings {
				sev = "warning"
			}
			t.Review.Findings = append(t.Review.Findings, catalog.Finding{Rule: f.Rule, Severity: sev, Message: f.Message, Suppressed: f.Suppressed})
		}
		if o := c.overrides[t.Name]; o != nil {
			t.Review.Reason = leadingComment(o.Doc)
		}
		if doc := c.docs[t.Name]; doc != nil {
			a := answersize.Estimate(c.schema, doc)
			t.Review.AnswerLeaves, t.Review.AnswerServerSized, t.Review.AnswerUnbounded = a.Leaves, a.ServerSized, a.Unbounded
		}
	}
	return ds
}

// accessAll fills each tool's Access, which catalog.json carries: it runs before the early copy
// that catalog.json is rendered from, unlike the review.
func (c *compiler) accessAll() {
	for i := range c.cat.Tools {
		t := &c.cat.Tools[i]
		t.Access = access(c.schema, c.docs[t.Name])
	}
}

// leadingComment is the block of # lines that opens an override file, without the #s.
func leadingComment(doc *ast.QueryDocument) string {
	if len(doc.Operations) == 0 || doc.Operations[0].Position == nil || doc.Operations[0].Position.Src == nil {
		return ""
	}
	var lines []string
	for _, l := range strings.Split(doc.Operations[0].Position.Src.Input, "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "#") {
			break
		}
		lines = append(lines, strings.TrimSpace(strings.TrimPrefix(l, "#")))
	}
	return strings.Join(lines, "\n")
}
