package gocode

// decls.go holds one function per kind of emitted declaration, each returning jen.Code: the
// tool-name constants, an argument struct per tool, a struct per input object, a string type
// with constants per enum, and the embedded catalog.

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/catalog"
)

// emitter renders the declarations of one catalog.
type emitter struct {
	c     *catalog.Catalog
	names *names
	typer *typer
	pkg   string // the package clause
	docs  docs   // tools.go's
	// answerDocs is calls.go's: the files are rendered side by side, and a map is not safe
	// for concurrent writes.
	answerDocs docs
	// keyNames is calls.go's goName of each answer key: GitHub's answers hold 30,000 keys,
	// most of them one of a few hundred (id, name, url).
	keyNames map[string]string
}

// keyName is goName of an answer key, made once per key.
func (e *emitter) keyName(key string) string {
	n, ok := e.keyNames[key]
	if !ok {
		n = goName(key)
		e.keyNames[key] = n
	}
	return n
}

// toolConsts declares one constant per tool name, in catalog order.
func (e *emitter) toolConsts() jen.Code {
	defs := make([]jen.Code, len(e.c.Tools))
	for i, t := range e.c.Tools {
		doc := fmt.Sprintf("%s names the %s tool (%s).", e.names.consts[i], t.Name, t.Kind)
		defs[i] = withDoc(comment(doc, ""), jen.Id(e.names.consts[i]).Op("=").Lit(t.Name))
	}
	doc := "Tool names, in catalog order: the names the runtime and the model call tools by."
	return withDoc(comment(doc, ""), jen.Const().Defs(defs...))
}

// argsStruct declares the typed arguments of tool i; its JSON is the tool's input.
func (e *emitter) argsStruct(i int) jen.Code {
	t := e.c.Tools[i]
	name := e.names.args[i]
	head := fmt.Sprintf("%s are the arguments of the %s tool (%s %s, approval %s); they marshal "+
		"to its input schema.", name, t.Name, t.Kind, t.OperationName, t.Approval)
	scope := namer{}
	fields := make([]jen.Code, len(t.Variables))
	for j, v := range t.Variables {
		fields[j] = e.structField(scope, "", v.Name, v.Type, v.Description, v.Default)
	}
	return withDoc(e.docs.comment(head, t.Description), jen.Type().Id(name).Struct(fields...))
}

// inputStruct declares the Go struct of an input object.
func (e *emitter) inputStruct(t catalog.Type) jen.Code {
	name := e.names.types[t.Name]
	head := fmt.Sprintf("%s is the GraphQL input object %s.", name, t.Name)
	if t.OneOf {
		head += " Exactly one of its fields must be set (@oneOf)."
	}
	scope := namer{}
	fields := make([]jen.Code, len(t.Fields))
	for j, f := range t.Fields {
		fields[j] = e.structField(scope, t.Name, f.Name, f.Type, f.Description, f.Default)
	}
	return withDoc(e.docs.comment(head, t.Description), jen.Type().Id(name).Struct(fields...))
}

// structField declares one field whose JSON name is the GraphQL name, so the struct marshals
// to the input schema's property names.
func (e *emitter) structField(scope namer, owner, name string, ref catalog.TypeRef, desc string, def []byte) jen.Code {
	typ, omit := e.typer.field(owner, ref, def)
	tag := name
	if omit {
		tag += ",omitempty"
	}
	note := ""
	if def != nil {
		note = fmt.Sprintf("Default: %s.", def)
	}
	field := jen.Id(scope.take(goName(name))).Add(typ).Tag(map[string]string{"json": tag})
	return withDoc(e.docs.comment(desc, note), field)
}

// enumType declares a string type for an enum and one constant per value.
func (e *emitter) enumType(t catalog.Type) jen.Code {
	name := e.names.types[t.Name]
	head := fmt.Sprintf("%s is the GraphQL enum %s.", name, t.Name)
	defs := make([]jen.Code, len(t.Values))
	for j, v := range t.Values {
		defs[j] = jen.Id(e.names.values[t.Name][j]).Id(name).Op("=").Lit(v)
	}
	typ := withDoc(comment(head, t.Description), jen.Type().Id(name).String())
	values := withDoc(comment(fmt.Sprintf("The values of %s, in declaration order.", name), ""),
		jen.Const().Defs(defs...))
	return jen.Add(typ).Line().Line().Add(values)
}

// catalogBytes declares the embedded catalog.json.
func catalogBytes() jen.Code {
	doc := comment(catalogVar+" is catalog.json, the reviewed tool catalog, embedded so that a "+
		"binary carries exactly the catalog it was built with. Load it with toolrt.Load, which verifies it. It is a "+
		"variable only because go:embed fills nothing else; treat it as read-only.", "")
	doc = append(doc, "//", "//go:embed catalog.json")
	return withDoc(doc, jen.Var().Id(catalogVar).Index().Byte())
}

// typeDecl declares one entry of Catalog.Types.
func (e *emitter) typeDecl(t catalog.Type) (jen.Code, error) {
	switch t.Kind {
	case catalog.InputObject:
		return e.inputStruct(t), nil
	case catalog.Enum:
		return e.enumType(t), nil
	}
	return nil, fmt.Errorf("type %s has kind %q, want %s or %s", t.Name, t.Kind, catalog.InputObject, catalog.Enum)
}
