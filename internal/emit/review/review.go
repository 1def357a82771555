// Package review emits CATALOG.md, the page a reviewer reads when the tool catalog changes: per
// role its tools, token costs, approval and total, then every tool with its description and
// operation. The look lives in templates/catalog.md.tmpl (text/template, embedded); this package
// only prepares the data, so a reviewer can change the page without touching Go.
package review

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"sync"
	"text/template"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/mdtext"
	"github.com/toolgen/toolgen/internal/plural"
	"github.com/toolgen/toolgen/templates"
)

// Path is the file Files returns, relative to generated/.
const Path = "CATALOG.md"

const templateName = "catalog.md.tmpl"

// Sources name the inputs the page says it was generated from, as the generated Go header
// names them (a schema in several files by the -schema value, e.g. graph/*.graphqls).
type Sources struct {
	Schema, Allowlist, Selections string
}

// page is the template's data; its fields are documented at the top of the template.
type page struct {
	Sources  Sources
	Encoding string
	Toolgen  string // the toolgen version that compiled the catalog
	Inputs   string // the digest of the inputs it compiled
	Roles    []role
	All      role
	Tools    []*tool
}

type role struct {
	Name        string
	Description string
	MaxTokens   int
	Tokens      int
	Tools       []*tool
}

type tool struct {
	Name          string
	Title         string // "" when the allow-list gives none
	Anchor        string
	Kind          string
	Description   string
	Roles         []string
	Approval      string
	Tokens        int
	Selection     string
	OperationName string
	Operation     string
	Notes         []string
	Inputs        []input
	InputsTotal   int  // the rows of the whole input schema when the table leaves some out, else 0
	InputsMore    bool // InputsTotal is a lower bound
	AnswerLeaves  int
	ServerSized   string // the unset page sizes of AnswerServerSized, as code spans, or ""
	Unbounded     string // the root lists of AnswerUnbounded, as code spans, or ""
	Reason        string // the override's leading comment
	Access        []string
	Findings      []catalog.Finding

	// A role table's cells, escaped here once rather than by template calls per row.
	NameCell, ApprovalCell, SelectionCell string
	// The section's own escapes, likewise: code .Name, quote .Description, code .OperationName
	// and fence .Operation.
	NameCode, DescriptionQuote, OperationNameCode, Fence string
}

// FilesFrom renders CATALOG.md naming the inputs src.
func FilesFrom(c *catalog.Catalog, src Sources) (map[string][]byte, error) {
	tmpl, err := parse()
	if err != nil {
		return nil, err
	}
	pg := newPage(c)
	pg.Sources = src
	var buf bytes.Buffer
	buf.Grow(pg.size())
	if err := tmpl.Execute(&buf, pg); err != nil {
		return nil, fmt.Errorf("review: templates/%s: %w", templateName, err)
	}
	return map[string][]byte{Path: buf.Bytes()}, nil
}

// size estimates the page's length from the texts it shows, so that the buffer is allocated
// once rather than doubled a dozen times for a large catalog.
func (p *page) size() int {
	n := 4096 + 160*len(p.Tools)*(1+len(p.Roles)) // the text around the data, the table rows
	for _, t := range p.Tools {
		n += 300 + len(t.Description) + len(t.Operation) + len(t.Reason)
		for _, in := range t.Inputs {
			n += 24 + len(in.NameCell) + len(in.TypeCell) + len(in.DescriptionCell)
		}
		for _, f := range t.Findings {
			n += 32 + len(f.Rule) + len(f.Message) + len(f.Suppressed)
		}
	}
	return n
}

// parse reads the embedded template once; a broken template is an error for every call rather
// than a panic, so toolgen reports it like any other problem.
var parse = sync.OnceValues(func() (*template.Template, error) {
	t, err := template.New(templateName).Option("missingkey=error").Funcs(funcs).ParseFS(templates.FS, templateName)
	if err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	return t, nil
})

var funcs = template.FuncMap{
	"cell":    cell,
	"code":    mdtext.Code,
	"fence":   mdtext.Fence,
	"quote":   quote,
	"oneLine": mdtext.OneLine,
	"plural":  plural.Count,
}

// newPage prepares the data: tools in catalog order (the order the model sees them), roles
// sorted by name because they come from a map.
func newPage(c *catalog.Catalog) *page {
	p := &page{Encoding: c.Encoding, Toolgen: c.Toolgen, Inputs: c.Inputs}
	names := make([]string, len(c.Tools))
	for i, t := range c.Tools {
		names[i] = t.Name
	}
	for i, a := range anchors(names) {
		p.Tools = append(p.Tools, newTool(c.Tools[i], a))
	}
	p.All = role{Tools: p.Tools}
	for _, t := range p.Tools {
		p.All.Tokens += t.Tokens
	}
	for _, name := range slices.Sorted(maps.Keys(c.Roles)) {
		r := c.Roles[name]
		v := role{Name: mdtext.Visible(name), Description: mdtext.Escape(r.Description), MaxTokens: r.MaxTokens, Tokens: r.Tokens}
		for i := range c.Tools {
			if c.Tools[i].VisibleTo(name) {
				v.Tools = append(v.Tools, p.Tools[i])
			}
		}
		p.Roles = append(p.Roles, v)
	}
	return p
}

func newTool(t catalog.Tool, anchor string) *tool {
	notes := make([]string, len(t.Notes))
	for i, n := range t.Notes {
		notes[i] = mdtext.Escape(n)
	}
	// Text the model reads is escaped (mdtext.Escape), so that the page shows every character of
	// it: an HTML comment or a link-reference definition would otherwise render as nothing.
	desc, op := mdtext.Escape(t.Description), mdtext.Visible(formatOperation(t.Operation))
	in := inputs(t.InputSchema)
	return &tool{
		Name: t.Name, Title: mdtext.OneLine(mdtext.Escape(t.Title)), Anchor: anchor, Kind: string(t.Kind), Description: desc,
		Roles: t.Roles, Approval: string(t.Approval), Tokens: t.Tokens, Selection: t.Selection,
		OperationName: t.OperationName, Operation: op, Notes: notes,
		Inputs: visibleInputs(in.Rows), InputsTotal: in.Total, InputsMore: in.More, AnswerLeaves: t.Review.AnswerLeaves, ServerSized: codeList(t.Review.AnswerServerSized), Unbounded: codeList(t.Review.AnswerUnbounded), Reason: mdtext.Escape(t.Review.Reason),
		Findings: visibleFindings(t.Review.Findings), Access: accessLines(t.Access),
		NameCell: cell(mdtext.Code(t.Name)), ApprovalCell: cell(string(t.Approval)), SelectionCell: cell(t.Selection),
		NameCode: mdtext.Code(t.Name), DescriptionQuote: quote(desc), OperationNameCode: mdtext.Code(t.OperationName), Fence: mdtext.Fence(op),
	}
}

func visibleInputs(in []input) []input {
	for i := range in {
		r := &in[i]
		r.Name, r.Type, r.Description = mdtext.Visible(r.Name), mdtext.Escape(r.Type), mdtext.Escape(r.Description)
		r.NameCell, r.TypeCell, r.DescriptionCell = cell(mdtext.Code(r.Name)), mdtext.OneLine(r.Type), mdtext.OneLine(r.Description)
	}
	return in
}

// accessLines renders each place as a code span and what it needs, on one line.
func accessLines(as []catalog.Access) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = mdtext.Code(mdtext.Visible(a.Where)) + ": " + mdtext.OneLine(mdtext.Escape(a.Needs))
	}
	return out
}

func visibleFindings(fs []catalog.Finding) []catalog.Finding {
	out := make([]catalog.Finding, len(fs))
	for i, f := range fs {
		out[i] = catalog.Finding{Rule: f.Rule, Severity: f.Severity, Message: mdtext.Escape(f.Message), Suppressed: mdtext.Escape(f.Suppressed)}
	}
	return out
}
