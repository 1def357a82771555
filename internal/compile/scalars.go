package compile

// This file applies the allow-list's scalars: section: the mapped scalars reach the input
// schemas, and file uploads, which an agent cannot send, are left out when optional and refused
// when a tool requires one.

import (
	"fmt"
	"slices"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/vektah/gqlparser/v2/ast"
)

// customScalars lists the schema's own scalars in name order.
func customScalars(schema *ast.Schema) []string {
	var out []string
	for name, t := range schema.Types {
		if t.Kind == ast.Scalar && !t.BuiltIn {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// scalarSchemas converts the scalars: section into the schemas the input schemas use.
func scalarSchemas(list *allowlist.File) map[string]jsonschema.Object {
	out := map[string]jsonschema.Object{}
	for _, s := range list.Scalars {
		o := jsonschema.Object{}
		for _, k := range s.Schema {
			o = append(o, jsonschema.Member{Key: k.Key, Value: k.Value})
		}
		out[s.Name] = o
	}
	return out
}

// uploads sorts a root field's arguments that need a file: the names of optional ones (left out
// of the tool), and a problem for the first required one.
func (c *compiler) uploads(f *ast.FieldDefinition) (omit map[string]bool, problem string) {
	for _, a := range f.Arguments {
		path, scalar := c.needsUpload(a.Name, a.Type, map[string]bool{})
		if path == "" {
			continue
		}
		if a.Type.NonNull && !opdoc.HasDefault(a.DefaultValue) {
			return nil, fmt.Sprintf("its required argument %s %s, which an agent cannot send", a.Name, fileAt(a.Name, path, scalar))
		}
		if omit == nil {
			omit = map[string]bool{}
		}
		omit[a.Name] = true
	}
	return omit, ""
}

// needsUpload returns where a value of type t must carry an unmapped file upload, and its
// scalar ("" when it need not): t is one, or an input object has a required field that is one.
func (c *compiler) needsUpload(path string, t *ast.Type, seen map[string]bool) (string, string) {
	name := t.Name()
	if c.mapper.Omitted(name) {
		return path, name
	}
	def := c.schema.Types[name]
	if def == nil || def.Kind != ast.InputObject || seen[name] {
		return "", ""
	}
	seen[name] = true
	for _, f := range def.Fields {
		if !f.Type.NonNull || opdoc.HasDefault(f.DefaultValue) {
			continue
		}
		if p, s := c.needsUpload(path+"."+f.Name, f.Type, seen); p != "" {
			return p, s
		}
	}
	return "", ""
}

// dropUploads leaves out the variables of an override that carry an optional file upload, and
// reports a required one: the model could not send it.
func (c *compiler) dropUploads(vars []catalog.Variable, inputs []jsonschema.Input) ([]catalog.Variable, []jsonschema.Input, string) {
	var keptVars []catalog.Variable
	var kept []jsonschema.Input
	for i, in := range inputs {
		path, scalar := c.needsUpload("$"+in.Name, in.Type, map[string]bool{})
		switch {
		case path == "":
			keptVars, kept = append(keptVars, vars[i]), append(kept, in)
		case in.Type.NonNull && in.Default == nil:
			return nil, nil, fmt.Sprintf("its required variable $%s %s, which an agent cannot send", in.Name, fileAt("$"+in.Name, path, scalar))
		}
	}
	return keptVars, kept, ""
}

// scalarTypes records the custom scalars whose input schema is not a string, for the Go
// emitter, and leaves the fields the input schemas leave out (jsonschema.LeftOut) out of the
// input objects it types.
func (c *compiler) scalarTypes() {
	if c.cat == nil {
		return
	}
	for _, name := range customScalars(c.schema) {
		if jt := c.mapper.JSONType(name); jt != "string" {
			if c.cat.ScalarTypes == nil {
				c.cat.ScalarTypes = map[string]string{}
			}
			c.cat.ScalarTypes[name] = jt
		}
	}
	for i, t := range c.cat.Types {
		var kept []catalog.Field
		for _, f := range t.Fields {
			if !c.mapper.LeftOut(f.Name, nameOf(f.Type), f.Type.NonNull && f.Default == nil, c.deprecatedInput(t.Name, f.Name)) {
				kept = append(kept, f)
			}
		}
		c.cat.Types[i].Fields = kept
	}
}

func nameOf(t catalog.TypeRef) string {
	for t.Elem != nil {
		t = *t.Elem
	}
	return t.Named
}

// fileAt says where a value needs a file: "is a file (Upload)" or "needs a file at input.scan (Upload)".
func fileAt(name, path, scalar string) string {
	if path == name {
		return "is a file (" + scalar + ")"
	}
	return "needs a file at " + path + " (" + scalar + ")"
}

// deprecatedInput reports whether the schema marks field of input object typeName deprecated.
func (c *compiler) deprecatedInput(typeName, field string) bool {
	t := c.schema.Types[typeName]
	if t == nil {
		return false
	}
	f := t.Fields.ForName(field)
	return f != nil && f.Directives.ForName("deprecated") != nil
}
