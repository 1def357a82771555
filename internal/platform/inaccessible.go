package platform

// inaccessible.go drops what Apollo Federation's @inaccessible hides: the gateway leaves every
// type, field, argument, enum value and input field so marked out of the API schema clients
// see, so an agent must not get a tool or an input for it (a supergraph keeps them, for query
// planning, and a subgraph marks them for the gateway). They are dropped from the parsed
// document before validation; the root fields dropped are remembered with the schema, so that
// an allow-list naming one is told why it is not there.

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// hiddenSet is what @inaccessible left out of one schema.
type hiddenSet struct {
	types map[string]*ast.Position // hidden type → its definition
	roots map[string]string        // hidden root field → "Query.secret (12:3)"
	// fields are every hidden field of an object or interface, "Product.cost" → where it is
	// declared ("schema.graphql:12:3"), for a selection that still reads one.
	fields map[string]string
	names  []string      // everything left out, for the note
	first  *ast.Position // the first of them in the file
}

// add records one element left out.
func (h *hiddenSet) add(name string, at *ast.Position) {
	h.names = append(h.names, name)
	h.first = cmpPos(h.first, at)
}

// hideNames are the schema's names of @inaccessible: imported from the federation spec or the
// inaccessible spec (a supergraph links the latter), or prefixed (federation__inaccessible).
func (p *Platform) hideNames() map[string]bool {
	m := map[string]bool{}
	for _, l := range p.links {
		if l.spec == "inaccessible" || l.spec == "federation" {
			m[l.local("@inaccessible")] = true
		}
	}
	return m
}

// dropInaccessible removes from doc everything marked with a hiding directive.
func (p *Platform) dropInaccessible(doc *ast.SchemaDocument) {
	names := p.hideNames()
	if len(names) == 0 {
		return
	}
	hides := func(l ast.DirectiveList) bool {
		return slices.ContainsFunc(l, func(d *ast.Directive) bool { return names[d.Name] })
	}
	h := &p.hidden
	h.types, h.roots, h.fields = map[string]*ast.Position{}, map[string]string{}, map[string]string{}
	for _, d := range append(append(ast.DefinitionList{}, doc.Definitions...), doc.Extensions...) {
		if hides(d.Directives) {
			h.types[d.Name] = d.Position
			h.add(d.Name, d.Position)
		}
	}
	hiddenType := func(d *ast.Definition) bool { return h.types[d.Name] != nil }
	roots := rootTypes(doc)
	for _, d := range append(append(ast.DefinitionList{}, doc.Definitions...), doc.Extensions...) {
		if hiddenType(d) {
			if roots[d.Name] {
				for _, f := range d.Fields {
					h.roots[f.Name] = fmt.Sprintf("%s.%s at %d:%d", d.Name, f.Name, f.Position.Line, f.Position.Column)
				}
			}
			continue
		}
		p.dropMembers(d, hides, roots[d.Name])
	}
	doc.Definitions = slices.DeleteFunc(doc.Definitions, hiddenType)
	doc.Extensions = slices.DeleteFunc(doc.Extensions, hiddenType)
	if len(h.names) > 0 {
		h.first = orZero(h.first)
		p.notes.Notify(p.name, h.first.Line, h.first.Column, fmt.Sprintf("left out %d element(s) marked @inaccessible, which the gateway hides from clients: %s", len(h.names), nameList(h.names)),
			"")
	}
}

// dropMembers removes d's hidden fields, arguments, enum values, interfaces and union members.
func (p *Platform) dropMembers(d *ast.Definition, hides func(ast.DirectiveList) bool, root bool) {
	h := &p.hidden
	d.Fields = slices.DeleteFunc(d.Fields, func(f *ast.FieldDefinition) bool {
		if !hides(f.Directives) {
			return false
		}
		h.add(d.Name+"."+f.Name, f.Position)
		h.fields[d.Name+"."+f.Name] = fmt.Sprintf("%s:%d:%d", file(f.Position), f.Position.Line, f.Position.Column)
		if root {
			h.roots[f.Name] = fmt.Sprintf("%s.%s at %d:%d", d.Name, f.Name, f.Position.Line, f.Position.Column)
		}
		return true
	})
	for _, f := range d.Fields {
		f.Arguments = slices.DeleteFunc(f.Arguments, func(a *ast.ArgumentDefinition) bool {
			if hides(a.Directives) {
				h.add(fmt.Sprintf("%s.%s(%s:)", d.Name, f.Name, a.Name), a.Position)
				return true
			}
			return false
		})
	}
	d.EnumValues = slices.DeleteFunc(d.EnumValues, func(v *ast.EnumValueDefinition) bool {
		if hides(v.Directives) {
			h.add(d.Name+"."+v.Name, v.Position)
			return true
		}
		return false
	})
	d.Interfaces = slices.DeleteFunc(d.Interfaces, func(n string) bool { return h.types[n] != nil })
	var types []string
	var pos []*ast.Position
	for i, n := range d.Types { // union members, with their positions when the parser kept them
		if h.types[n] == nil {
			types = append(types, n)
			if i < len(d.TypePositions) {
				pos = append(pos, d.TypePositions[i])
			}
		}
	}
	if len(types) < len(d.Types) {
		d.Types, d.TypePositions = types, pos
	}
}

// rootTypes are the names of doc's root operation types.
func rootTypes(doc *ast.SchemaDocument) map[string]bool {
	m := map[string]bool{}
	declared := false
	for _, s := range append(append(ast.SchemaDefinitionList{}, doc.Schema...), doc.SchemaExtension...) {
		for _, o := range s.OperationTypes {
			m[o.Type], declared = true, true
		}
	}
	if !declared {
		m["Query"], m["Mutation"], m["Subscription"] = true, true, true
	}
	return m
}

// loaded remembers, for each loaded schema, what only Load knows of it: the root fields
// @inaccessible left out and the names of the access directives. The keys are weak, and a
// collected schema's entry is deleted, so that loading many schemas in one process (toolgen init
// compiles several times, the fuzzer thousands) keeps none of them alive.
var loaded sync.Map // weak.Pointer[ast.Schema] → *facts

// facts are what Load remembers of one schema.
type facts struct {
	hidden map[string]string
	fields map[string]string
	access map[string]string
}

func remember(s *ast.Schema, f *facts) {
	if len(f.hidden) == 0 && len(f.fields) == 0 && len(f.access) == 0 {
		return
	}
	k := weak.Make(s)
	loaded.Store(k, f)
	runtime.AddCleanup(s, func(k weak.Pointer[ast.Schema]) { loaded.Delete(k) }, k)
}

func recall(s *ast.Schema) *facts {
	if v, ok := loaded.Load(weak.Make(s)); ok {
		return v.(*facts)
	}
	return &facts{}
}

// HiddenRoots returns the root fields that @inaccessible left out of a schema Load returned,
// each with where it was declared ("Query.secret at 12:3"): an allow-list may still name one.
func HiddenRoots(s *ast.Schema) map[string]string { return recall(s).hidden }

// HiddenFields returns every field of an object or interface that @inaccessible left out of a
// schema Load returned, "Product.cost" → where it was declared ("schema.graphql:12:3"): an
// override may still select one.
func HiddenFields(s *ast.Schema) map[string]string { return recall(s).fields }

// Explain makes validation errors about platform names say what to do.
func (p *Platform) Explain(ds diag.List) diag.List {
	for i, d := range ds {
		if name, ok := strings.CutPrefix(d.Message, "undefined directive "); ok {
			ds[i].Fix = p.directiveHint(name)
		} else if name, ok := strings.CutPrefix(d.Message, "undefined type "); ok && p.hidden.types[name] != nil {
			at := p.hidden.types[name]
			ds[i].Message = fmt.Sprintf("type %s is @inaccessible (%d:%d), which hides it from clients, yet this refers to it", name, at.Line, at.Column)
			ds[i].Fix = "mark this field or argument @inaccessible too (composition requires it), or compose the supergraph again"
		}
	}
	return ds
}

// finish records what the loaded schema left out and its access directives, and returns the
// notes.
func (p *Platform) Finish(s *ast.Schema) diag.List {
	remember(s, &facts{hidden: p.hidden.roots, fields: p.hidden.fields, access: p.accessNames(s)})
	return p.notes
}
