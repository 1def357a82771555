package compile

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/opbuild"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2/ast"
)

// buildTools compiles every allow-listed root field into a tool, in schema order.
func (c *compiler) buildTools() diag.List {
	var ds diag.List
	c.cat = &catalog.Catalog{GeneratedBy: catalog.GeneratedBy, Encoding: catalog.Encoding, Roles: map[string]catalog.Role{}}
	types := newTypeCollector(c.schema)
	c.ops = opbuild.New(c.schema)
	for _, r := range roots(c.schema) {
		e := c.list.Entry(r.field.Name)
		if e == nil {
			continue
		}
		t, tds := c.tool(r, e)
		ds = append(ds, tds...)
		if t != nil {
			types.addVariables(t.Variables)
			c.cat.Tools = append(c.cat.Tools, *t)
		}
	}
	c.cat.Types = types.types
	return ds
}

func (c *compiler) tool(r rootField, e *allowlist.Entry) (*catalog.Tool, diag.List) {
	var ds diag.List
	at := func(msg, fix string) { ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, msg, fix) }
	desc := strings.TrimSpace(e.Description)
	if desc == "" {
		desc = strings.TrimSpace(r.field.Description)
	}
	if desc == "" {
		at(fmt.Sprintf("tool %q has no description", e.Name),
			"describe the field in the schema with a \"\"\"doc string\"\"\", or add description: under the tool; the model cannot tell an undescribed tool from its neighbours")
	}
	d, dds := c.document(r, e)
	ds = append(ds, dds...)
	if d.doc == nil || desc == "" {
		return nil, ds
	}
	op := d.doc.Operations[0]
	c.keepDoc(e.Name, d.doc)
	vars, inputs := c.variables(op)
	schemaObj := c.mapper.ForVariables(inputs)
	t := &catalog.Tool{
		Name: e.Name, Title: strings.TrimSpace(e.Title), Kind: r.kind, Description: desc, Roles: roles(e),
		InputSchema: schemaObj.Compact(), Operation: opdoc.Compact(d.doc), Document: opdoc.Pretty(d.doc),
		OperationName: op.Name, Approval: approval(r.kind, e), Selection: d.source, Variables: vars, Notes: d.notes,
	}
	t.SingleObjectArgument = c.singleObjectArgument(op)
	if !c.checkInputSize(e.Name, r.kind, t.InputSchema, op, at) {
		return nil, ds
	}
	n, err := tokencount.Count(t.Name + " " + t.Description + " " + string(t.InputSchema))
	if err != nil {
		at(err.Error(), "reinstall the module cache (go clean -modcache; go mod download)")
		return nil, ds
	}
	t.Tokens = n
	return t, ds
}

// document is a tool's validated operation, where it came from, and the reviewer's notes.
type document struct {
	doc    *ast.QueryDocument
	source string // "override" or "generated"
	notes  []string
}

// document returns the validated operation for a tool: its override, else the default.
func (c *compiler) document(r rootField, e *allowlist.Entry) (document, diag.List) {
	if o := c.overrides[e.Name]; o != nil {
		return document{doc: o.Doc, source: "override"}, nil
	}
	var ds diag.List
	res, err := c.ops.Build(string(r.kind), r.field, c.budgets(e))
	if err != nil {
		ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("no default operation for %q: %v", e.Name, err),
			fmt.Sprintf("write tool-selections/%s.graphql with %s Tool_%s { ... } selecting what the agent needs", e.Name, r.kind, e.Name))
		return document{}, ds
	}
	if res.Warning != "" {
		ds.Warn(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("selection over budget for %q: %s", e.Name, res.Warning),
			fmt.Sprintf("write tool-selections/%s.graphql or raise %s", e.Name, res.Raise))
	}
	doc, vds := selection.Parse(c.schema, "generated/operations/"+e.Name+".graphql", res.Text)
	if len(vds) > 0 {
		for _, d := range vds {
			ds.Add(c.list.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("the default operation for %q is invalid: %s", e.Name, d.Message),
				fmt.Sprintf("write tool-selections/%s.graphql by hand", e.Name))
		}
		return document{}, ds
	}
	return document{doc: doc, source: "generated", notes: res.Notes}, ds
}

// budgets are the tool's selection budgets: its own, else the file's, else opbuild's defaults.
func (c *compiler) budgets(e *allowlist.Entry) opbuild.Options {
	s := e.Selection.Merge(c.list.Selection)
	return opbuild.Options{PageSize: s.PageSize, MaxSelectionTokens: s.MaxSelectionTokens, MaxResultLeaves: s.MaxResultLeaves}
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
func (c *compiler) variables(op *ast.OperationDefinition) ([]catalog.Variable, []jsonschema.Input) {
	fed := fedArguments(op.SelectionSet, map[string]*ast.ArgumentDefinition{})
	var vars []catalog.Variable
	var inputs []jsonschema.Input
	for _, v := range op.VariableDefinitions {
		in := jsonschema.Input{Name: v.Variable, Type: v.Type, Default: v.DefaultValue}
		if a := fed[v.Variable]; a != nil {
			in.ArgDefault, in.Description = a.DefaultValue, strings.TrimSpace(a.Description)
		}
		inputs = append(inputs, in)
		cv := catalog.Variable{Name: v.Variable, Type: typeRef(v.Type), Description: in.Description}
		if d := in.Default; d != nil || (!v.Type.NonNull && in.ArgDefault != nil) {
			if d == nil {
				d = in.ArgDefault
			}
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
