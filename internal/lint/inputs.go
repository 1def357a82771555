package lint

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// input is one property of a tool's input schema, at any depth, with where it is defined.
type input struct {
	path string // dotted, e.g. input.ownerId
	name string
	typ  string // the GraphQL named type
	desc string
	dflt *ast.Value // its default in the schema (or the override's variable), nil when none
	pos  ast.Position
	// def is the input object field, nil for a variable; parent is the input object declaring
	// it and up the index of the input holding it (-1 for a variable).
	def    *ast.FieldDefinition
	parent string
	up     int
}

// inputs checks every input of every tool: credentials and identity the model must not choose,
// scalars that accept any JSON, and descriptions that address the model.
func (l *linter) inputs() {
	c := inputCheck{secret: map[string]bool{}, checked: map[*ast.FieldDefinition]bool{}} // one for all tools: its maps keep their room
	for _, t := range l.in.Catalog.Tools {
		c.tool, c.ins = t.Name, l.toolInputs(t.Name)
		clear(c.secret)
		clear(c.checked)
		for i := range c.ins {
			l.checkInput(&c, i)
		}
		l.openEnded(t.Name, t.InputSchema)
	}
}

// inputCheck is one tool's inputs and what was already reported of them: a credential once per
// path, the other checks once per input object field (a type walked again under a field that
// reads as a credential repeats its fields).
type inputCheck struct {
	tool    string
	ins     []input
	secret  map[string]bool
	checked map[*ast.FieldDefinition]bool
}

// openEnded reports every place of the tool's input schema that accepts anything: what the
// model sees decides, so a JSON scalar mapped to a closed schema under scalars: is fine.
func (l *linter) openEnded(tool string, schema json.RawMessage) {
	for _, ptr := range l.schemas.open(schema) {
		name, pos := l.pointerInput(tool, ptr)
		l.report(Finding{Rule: "open-ended-input", Tool: tool, Severity: diag.Warning, Pos: pos,
			Message: fmt.Sprintf("tool %q takes %s unconstrained (any JSON value, or an object open to unlisted properties): the schema cannot check what the model sends", tool, name),
			Fix:     "use a typed input, or map the scalar to a closed schema under scalars: in " + l.allowName() + ", " + l.suppressFix(tool, "open-ended-input")})
	}
}

// pointerInput names the input at a JSON Pointer of the tool's input schema and finds where the
// schema defines it: the variable's argument (or override variable), an input object field, or
// the tool's allow-list entry when the pointer leads nowhere known.
func (l *linter) pointerInput(tool, ptr string) (string, ast.Position) {
	segs := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	var names []string
	pos, typ := l.entryPos(tool), ""
	if len(segs) >= 2 && segs[0] == "$defs" {
		typ, names, segs = segs[1], []string{segs[1]}, segs[2:]
		if def := l.in.Schema.Types[typ]; def != nil {
			pos = l.posIn(tool, def.Position)
		}
	}
	for i := 0; i+1 < len(segs); i++ {
		if segs[i] != "properties" {
			continue // "items": the same input, one element
		}
		i++
		f := segs[i]
		names = append(names, f)
		if typ == "" { // a variable
			for _, in := range l.toolInputs(tool) {
				if in.path == f {
					pos, typ = in.pos, in.typ
				}
			}
			continue
		}
		if def := l.in.Schema.Types[typ]; def != nil && def.Fields.ForName(f) != nil {
			fd := def.Fields.ForName(f)
			pos, typ = l.posIn(tool, fd.Position), fd.Type.Name()
		}
	}
	if len(names) == 0 {
		return "its input", pos
	}
	return strings.Join(names, "."), pos
}

func (l *linter) checkInput(c *inputCheck, i int) {
	in, tool := c.ins[i], c.tool
	if at, ok := l.secretInput(c, i); ok && !c.secret[at.path] {
		c.secret[at.path] = true
		what := at.path
		if at.path != in.path {
			what += " (its " + in.name + ")" // a filter on access_token (its _eq), a token object (its value)
		}
		l.report(Finding{Rule: "credential-input", Tool: tool, Severity: diag.Error, Pos: at.pos,
			Message: fmt.Sprintf("tool %q asks the model for %s, which reads as a credential: the model would hold a secret", tool, what),
			Fix:     "supply it from the login or configuration instead, write an override without it, " + l.suppressFix(tool, "credential-input")})
	}
	if in.def != nil {
		if c.checked[in.def] {
			return
		}
		c.checked[in.def] = true
	}
	if !l.fixedChoice(in.typ) && l.identityInput(in.path) {
		// A flag or an enum is one of the schema's values: it names no one.
		l.report(Finding{Rule: "identity-input", Tool: tool, Severity: diag.Warning, Pos: in.pos,
			Message: fmt.Sprintf("tool %q lets the model choose %s, which names the acting identity (who the request is made as)", tool, in.path),
			Fix:     "take the identity from the login (an override can leave the argument out), " + l.suppressFix(tool, "identity-input")})
	}
	l.injection(tool, subject{tool: tool, input: in.path}, in.desc, in.pos)
	if in.dflt != nil {
		l.injection(tool, subject{tool: tool, input: in.path, dflt: true}, stringsOf(in.dflt), in.pos)
	}
}

// stringsOf joins the strings of a value at any depth (a default's enum values are names, not
// text), one a line: what a default shows the model.
func stringsOf(v *ast.Value) string {
	var b strings.Builder
	var walk func(v *ast.Value, depth int)
	walk = func(v *ast.Value, depth int) {
		if v == nil || depth > 64 {
			return
		}
		switch v.Kind {
		case ast.StringValue, ast.BlockValue:
			b.WriteString(v.Raw)
			b.WriteByte('\n')
		case ast.ListValue, ast.ObjectValue:
			for _, c := range v.Children {
				walk(c.Value, depth+1)
			}
		}
	}
	walk(v, 0)
	return b.String()
}

// secretInput reports whether input i holds a credential, and the input to report: itself when
// its own name says so, else the input holding it, whose name or type made a generic name
// (value, _eq) a secret. An input object is never one itself (Hasura's access_token filter, Aave's
// hubToken): its fields are judged, each with it as their context.
func (l *linter) secretInput(c *inputCheck, i int) (input, bool) {
	in := c.ins[i]
	f := sensitive.Field{Name: in.name, Type: in.typ, Kind: sensitive.KindOf(l.in.Schema, in.typ), Parent: in.parent}
	if in.up >= 0 {
		f.Via = c.ins[in.up].name
	}
	if !l.credential(f) {
		return input{}, false
	}
	if in.up >= 0 && !l.credential(sensitive.Field{Name: f.Name, Type: f.Type, Kind: f.Kind}) {
		return c.ins[in.up], true
	}
	return in, true
}

// fixedChoice reports whether a value of the named type is one of a few the schema fixes.
func (l *linter) fixedChoice(typ string) bool {
	if typ == "Boolean" {
		return true
	}
	def := l.in.Schema.Types[typ]
	return def != nil && def.Kind == ast.Enum
}

// toolInputs lists a tool's variables and, through input objects, their fields at any depth.
func (l *linter) toolInputs(tool string) []input {
	doc := l.in.Docs[tool]
	if doc == nil || len(doc.Operations) == 0 {
		return nil
	}
	op := doc.Operations[0]
	fed := rootArguments(op)
	var out []input
	seen := map[string]bool{}
	for _, v := range op.VariableDefinitions {
		in := input{path: v.Variable, name: v.Variable, typ: v.Type.Name(), dflt: v.DefaultValue, pos: l.posIn(tool, v.Position), up: -1}
		if a := fed[v.Variable]; a != nil {
			in.desc = a.Description
			if in.dflt == nil {
				in.dflt = a.DefaultValue
			}
			if l.in.Overrides[tool] == "" {
				in.pos = l.posIn(tool, a.Position) // the default document: the argument is the cause
			}
		}
		out = append(out, in)
		out = l.fields(tool, len(out)-1, seen, out)
	}
	return out
}

// fields appends the fields of input up when it is an input object, once per type per tool,
// and once more under each field whose name reads as a credential: there the type's generic
// fields (a filter's _eq) hold that credential. A field the input schema leaves out (an
// optional deprecated one, clientMutationId, an unmapped upload: jsonschema's LeftOut) is
// never asked of the model, so no input lint judges it: Codex's balances was refused for its
// deprecated filterToken, which its input schema does not offer.
func (l *linter) fields(tool string, up int, seen map[string]bool, out []input) []input {
	holder := out[up]
	def := l.in.Schema.Types[holder.typ]
	if def == nil || def.Kind != ast.InputObject {
		return out
	}
	key := holder.typ
	if sensitive.Holder(holder.name) {
		key += " under " + holder.parent + "." + holder.name
	}
	if seen[key] {
		return out
	}
	seen[key] = true
	for _, f := range def.Fields {
		if l.offered.LeftOut(f.Name, f.Type.Name(), f.Type.NonNull && !opdoc.HasDefault(f.DefaultValue), f.Directives.ForName("deprecated") != nil) {
			continue
		}
		out = append(out, input{path: holder.path + "." + f.Name, name: f.Name, typ: f.Type.Name(), desc: f.Description, dflt: f.DefaultValue,
			pos: l.posIn(tool, f.Position), def: f, parent: def.Name, up: up})
		out = l.fields(tool, len(out)-1, seen, out)
	}
	return out
}

// rootArguments maps each variable passed directly to an argument of the root field to that
// argument's definition.
func rootArguments(op *ast.OperationDefinition) map[string]*ast.ArgumentDefinition {
	out := map[string]*ast.ArgumentDefinition{}
	for _, s := range op.SelectionSet {
		f, ok := s.(*ast.Field)
		if !ok || f.Definition == nil {
			continue
		}
		for _, a := range f.Arguments {
			if a.Value != nil && a.Value.Kind == ast.Variable && out[a.Value.Raw] == nil {
				out[a.Value.Raw] = f.Definition.Arguments.ForName(a.Name)
			}
		}
	}
	return out
}
