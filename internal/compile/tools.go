package compile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/budget"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/opbuild"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/parallel"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/vektah/gqlparser/v2/ast"
)

// buildTools compiles every allow-listed root field into a tool, in schema order, in two
// stages: the work that is independent per tool (the default document, validating and printing
// it, shaping its answer) spread over all cores, then the input schemas one by one (the mapper
// caches). Every stage writes each tool's results to its own slot, so the catalog is the same
// on any number of cores.
func (c *compiler) buildTools() diag.List {
	c.cat = &catalog.Catalog{GeneratedBy: catalog.GeneratedBy, Encoding: catalog.Encoding, Roles: map[string]catalog.Role{}}
	types := newTypeCollector(c.schema)
	c.ops = opbuild.NewCounting(c.schema, c.tokens.Count)
	var jobs []*job
	var ds diag.List
	taken := map[string]rootField{}
	for _, r := range roots(c.schema) {
		e := c.list.Entry(r.field.Name)
		if e == nil {
			continue
		}
		// An entry names one root field: a name on both root types (monday.com's complexity) is
		// the query's, as rootKind reads it. One entry made two tools of one name, the second's
		// files overwriting the first's.
		if first, dup := taken[r.field.Name]; dup {
			ds.Warn(c.list.Name, e.Pos.Line, e.Pos.Col,
				fmt.Sprintf("%q is a field of both %s and %s: the tool runs the %s field, and the %s field of that name cannot be a tool beside it (tool names are unique)",
					e.Name, c.schema.Query.Name, c.schema.Mutation.Name, first.kind, r.kind),
				"nothing to do if the "+string(first.kind)+" is the one agents need; the "+string(r.kind)+" cannot be allow-listed under its own name")
			continue
		}
		taken[r.field.Name] = r
		jobs = append(jobs, &job{r: r, e: e})
	}
	// A Builder's caches are plain maps, so each worker drafts with its own; all a Builder
	// caches is a function of the schema, so which one drafts a tool changes nothing.
	builders := make([]*opbuild.Builder, parallel.Workers(len(jobs)))
	_ = parallel.Run(len(jobs), func(w, i int) error {
		if builders[w] == nil {
			builders[w] = opbuild.NewCounting(c.schema, c.tokens.Count)
		}
		c.draft(builders[w], jobs[i])
		c.validate(jobs[i])
		return nil
	})
	var entries []*allowlist.Entry
	for _, j := range jobs {
		t := c.tool(j)
		ds = append(ds, j.ds...)
		if t != nil {
			types.addVariables(t.Variables)
			c.cat.Tools = append(c.cat.Tools, *t)
			c.inputs = append(c.inputs, j.input)
			entries = append(entries, j.e)
		}
	}
	for _, t := range c.cat.Tools { // after every variable's: a typed answer adds types, never reorders
		types.addAnswer(t.Answer)
	}
	c.cat.Types = types.types
	return append(ds, c.countTools(entries)...)
}

// countTools sets each tool's Tokens: its name, description and input schema as the model
// sees them.
func (c *compiler) countTools(entries []*allowlist.Entry) diag.List {
	var ds diag.List
	texts := make([]string, len(c.cat.Tools))
	for i, t := range c.cat.Tools {
		texts[i] = t.Name + " " + t.Description + " " + string(t.InputSchema)
	}
	counts, err := c.tokens.CountAll(texts)
	if err != nil {
		e := entries[0]
		ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, err.Error(), "reinstall the module cache (go clean -modcache; go mod download)")
		c.cat.Tools = nil
		return ds
	}
	for i := range c.cat.Tools {
		c.cat.Tools[i].Tokens = counts[i]
	}
	return ds
}

// job is one allow-listed root field on its way to becoming a tool.
type job struct {
	r    rootField
	e    *allowlist.Entry
	desc string
	d    document
	text string // a default document not validated yet
	// compact and pretty are the validated document as sent and as reviewed.
	compact, pretty string
	answer          []catalog.Selected // the typed answer's shape
	input           jsonschema.Object  // the tool's input schema, for the input fit phase
	ds              diag.List
}

// draft takes the tool's description and its document: the override, or the default
// document's text built by b, validated later.
func (c *compiler) draft(b *opbuild.Builder, j *job) {
	r, e := j.r, j.e
	j.desc = strings.TrimSpace(e.Description)
	if j.desc == "" {
		j.desc = strings.TrimSpace(r.field.Description)
	}
	if j.desc == "" {
		j.ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("tool %q has no description", e.Name),
			"describe the field in the schema with a \"\"\"doc string\"\"\", or add description: under the tool; the model cannot tell an undescribed tool from its neighbours")
	}
	if o := c.overrides[e.Name]; o != nil {
		j.d = document{doc: o.Doc, source: "override"}
		return
	}
	omit, problem := c.uploads(r.field)
	if problem != "" {
		j.ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("no tool %q: %s", e.Name, problem),
			"map the scalar under scalars: in "+c.list.Name+" when the API also takes it inline (e.g. {type: string, contentEncoding: base64}), or remove the tool")
		return
	}
	set := c.budgets(e)
	res, err := b.Build(string(r.kind), r.field, opbuild.Options{Set: set, Omit: omit})
	if err != nil {
		j.ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("no default operation for %q: %v", e.Name, err),
			fmt.Sprintf("write %s with %s Tool_%s { ... } selecting what the agent needs", c.overrideFile(e.Name), r.kind, e.Name))
		return
	}
	if res.Warning != "" && !set.Invalid { // an invalid budget is reported already; the defaults stood in
		j.ds.Warn(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("selection over budget for %q: %s", e.Name, res.Warning),
			fmt.Sprintf("write %s or raise %s", c.overrideFile(e.Name), res.Raise))
	}
	j.text, j.d = res.Text, document{source: "generated", notes: res.Notes}
}

// validate checks a default document against the schema, prints the tool's document and
// shapes its answer; it only reads shared state, so jobs run it side by side.
func (c *compiler) validate(j *job) {
	if j.text != "" {
		doc, vds := selection.Parse(c.schema, "generated/operations/"+j.e.Name+".graphql", j.text)
		for _, d := range vds {
			j.ds.Add(c.list.Name, j.e.Pos.Line, j.e.Pos.Col, fmt.Sprintf("the default operation for %q is invalid: %s", j.e.Name, d.Message),
				"write "+c.overrideFile(j.e.Name)+" by hand")
		}
		if len(vds) == 0 {
			j.d.doc = doc
		}
	}
	if j.d.doc != nil && j.desc != "" {
		j.compact, j.pretty = opdoc.Compact(j.d.doc), opdoc.Pretty(j.d.doc)
		j.answer = answerShape(c.schema, j.d.doc.Operations[0])
	}
}

// tool assembles the catalog entry of a job whose document and description are good, or
// adds to the job's diagnostics why it cannot.
func (c *compiler) tool(j *job) *catalog.Tool {
	if j.d.doc == nil || j.desc == "" {
		return nil
	}
	r, e, op := j.r, j.e, j.d.doc.Operations[0]
	c.keepDoc(e.Name, j.d.doc) // sequential: tool runs in schema order
	vars, inputs := c.variables(op, c.budgets(e))
	vars, inputs, problem := c.dropUploads(vars, inputs)
	if problem != "" {
		j.ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("no tool %q: %s", e.Name, problem),
			"map the scalar under scalars: when the API also takes it inline (e.g. {type: string, contentEncoding: base64}), or drop the variable from the override")
		return nil
	}
	j.input = c.mapper.ForVariables(inputs)
	t := &catalog.Tool{
		Name: e.Name, Title: strings.TrimSpace(e.Title), Kind: r.kind, Description: j.desc, Roles: roles(e),
		InputSchema: j.input.Compact(), Operation: j.compact, Document: j.pretty,
		OperationName: op.Name, Approval: approval(r.kind, e), Selection: j.d.source, Variables: vars, Notes: j.d.notes,
		Answer: j.answer,
	}
	if j.d.source == "generated" {
		if note := hiddenNote(c.schema, j.d.doc); note != "" {
			t.Notes = append(slices.Clip(t.Notes), note)
		}
	}
	t.SingleObjectArgument = c.singleObjectArgument(op)
	t.Keywords = c.keywords(r.field, op)
	at := func(msg, fix string) { j.ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, msg, fix) }
	if !c.checkInputSize(e.Name, r.kind, t.InputSchema, op, at) {
		return nil
	}
	return t
}

// document is a tool's validated operation, where it came from, and the reviewer's notes.
type document struct {
	doc    *ast.QueryDocument
	source string // "override" or "generated"
	notes  []string
}

// budgets are the tool's budgets: its own, else the file's, else budget.Defaults.
func (c *compiler) budgets(e *allowlist.Entry) budget.Set {
	return e.Selection.Merge(c.list.Selection).Resolve()
}

func roles(e *allowlist.Entry) []string {
	if len(e.Roles) == 0 {
		return []string{} // [] not null in catalog.json: "every role" is explicit
	}
	return append([]string(nil), e.Roles...)
}

func approval(kind catalog.Kind, e *allowlist.Entry) catalog.Approval {
	switch {
	case e.Approval != "":
		return catalog.Approval(e.Approval)
	case kind == catalog.Mutation:
		return catalog.ApprovalRequired
	}
	return catalog.ApprovalNone
}

// variables lists the operation's variables for the IR and for the JSON Schema, taking the
// description and default of the argument each variable feeds directly.
func (c *compiler) variables(op *ast.OperationDefinition, o budget.Set) ([]catalog.Variable, []jsonschema.Input) {
	fed := fedArguments(op.SelectionSet, map[string]*ast.ArgumentDefinition{})
	root, _ := op.SelectionSet[0].(*ast.Field)
	var vars []catalog.Variable
	var inputs []jsonschema.Input
	for _, v := range op.VariableDefinitions {
		in := jsonschema.Input{Name: v.Variable, Type: v.Type, Default: v.DefaultValue}
		if a := fed[v.Variable]; a != nil {
			in.ArgDefault, in.Description = a.DefaultValue, strings.TrimSpace(a.Description)
			in.Deprecated = a.Directives.ForName("deprecated") != nil
			if root != nil && root.Definition != nil && root.Definition.Arguments.ForName(a.Name) == a {
				in.Maximum, _ = c.ops.PageSizeMax(root.Definition, a, o.MaxPageSize, o.PageSize)
			}
		}
		inputs = append(inputs, in)
		cv := catalog.Variable{Name: v.Variable, Type: typeRef(v.Type), Description: in.Description}
		d := in.Default
		if d == nil && !v.Type.NonNull {
			d = in.ArgDefault // an omitted nullable variable leaves the argument at its default
		}
		if opdoc.HasDefault(d) {
			cv.Default = jsonschema.Compact(jsonschema.Value(d))
		}
		vars = append(vars, cv)
	}
	return vars, inputs
}

// fedArguments maps each variable to the first argument definition it is passed to directly.
func fedArguments(set ast.SelectionSet, out map[string]*ast.ArgumentDefinition) map[string]*ast.ArgumentDefinition {
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			for _, a := range s.Arguments {
				if a.Value.Kind == ast.Variable && out[a.Value.Raw] == nil && s.Definition != nil {
					out[a.Value.Raw] = s.Definition.Arguments.ForName(a.Name)
				}
			}
			fedArguments(s.SelectionSet, out)
		case *ast.InlineFragment:
			fedArguments(s.SelectionSet, out)
		case *ast.FragmentSpread:
			if s.Definition != nil {
				fedArguments(s.Definition.SelectionSet, out)
			}
		}
	}
	return out
}

// singleObjectArgument names the only variable when it is a (non-list) input object.
func (c *compiler) singleObjectArgument(op *ast.OperationDefinition) string {
	if len(op.VariableDefinitions) != 1 {
		return ""
	}
	v := op.VariableDefinitions[0]
	if v.Type.Elem != nil {
		return ""
	}
	if def := c.schema.Types[v.Type.NamedType]; def != nil && def.Kind == ast.InputObject {
		return v.Variable
	}
	return ""
}

func typeRef(t *ast.Type) catalog.TypeRef {
	if t.Elem != nil {
		elem := typeRef(t.Elem)
		return catalog.TypeRef{Elem: &elem, NonNull: t.NonNull}
	}
	return catalog.TypeRef{Named: t.NamedType, NonNull: t.NonNull}
}
