// Package platform completes the schemas of server platforms for the loader (internal/gqlschema)
// and remembers what they say for the compiler: Apollo Federation (v1, and v2 through @link
// with its imports, renames and feature versions), AWS AppSync, what @inaccessible hides, the
// access directives (@authenticated, @requiresScopes, @policy, AppSync's auth modes) and
// subgraphs given together that must be composed first. gqlschema calls Declare on the parsed
// document and Finish on the validated schema; compile and opbuild ask AccessDirectives,
// HiddenRoots and HiddenFields.
package platform

// platform.go reads the schemas that server platforms complete at run time. An Apollo
// Federation subgraph uses @key, @link, FieldSet, … that the subgraph library defines, and an
// AWS AppSync schema uses @aws_iam, AWSDateTime, … that AppSync defines; neither declares
// them, and gqlparser refuses an undefined directive. When a schema uses such names without
// defining them, the platform is recognised from what it uses (a federation @link's url, the
// v1 directive set, the aws_ names) and the definitions it lacks are added to the parsed
// document before validation, each noted. The document's own text and positions are not
// touched, and a definition the schema declares itself is kept as it is.

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// platform is what Load learned about the platforms a schema is written for: its @link
// directives, what was declared for it and what @inaccessible left out.
type Platform struct {
	name   string // the schema's file, for diagnostics
	links  []link
	notes  diag.List
	hidden hiddenSet
	tooNew diag.List // federation elements the @link's version does not have yet
}

// declarePlatforms adds to doc the platform definitions it uses without defining, and drops
// what @inaccessible hides; the notes say what it did.
func Declare(name string, doc *ast.SchemaDocument) *Platform {
	p := &Platform{name: name, links: links(doc)}
	u := uses(doc)
	p.tooNew = p.tooNewFor(u)
	if len(u.directives) > 0 || len(u.types) > 0 {
		for _, s := range p.sources() {
			p.declare(doc, u, s)
		}
	}
	p.dropInaccessible(doc)
	return p
}

// source is one platform's definitions, renamed to the schema's names, and how to recognise it.
type source struct {
	title string        // "Apollo Federation v2.3", as the note names it
	at    *ast.Position // where the schema says it is this platform (its @link), or nil
	defs  *ast.SchemaDocument
	// marks are names whose use without a definition says the schema is this platform; nil
	// means any name of defs does (a @link already said so).
	marks map[string]bool
	why   string // what defines them at run time, for the note
}

// sources lists the platforms whose definitions the schema may lack: federation v2 when a
// @link names it (else v1), and AppSync.
func (p *Platform) sources() []source {
	var out []source
	if l, ok := p.federationLink(); ok {
		defs := parseSpec(federation2)
		l.rename(defs)
		defs.Merge(parseSpec(linkSpec + federationService)) // the link spec's names are fixed
		out = append(out, source{title: "Apollo Federation " + l.version, at: l.pos, defs: defs,
			why: "the subgraph library defines them at run time"})
	} else {
		// @link for other specs only (Apollo's connectors, a company's own): @link itself is known.
		out = append(out, source{title: "the link spec v1.0", defs: parseSpec(linkSpec), marks: setOf("link"),
			why: "the server's framework defines them"})
		out = append(out, source{title: "Apollo Federation v1", defs: parseSpec(federation1 + federationService),
			marks: setOf("key", "extends", "external", "requires", "provides", "_FieldSet", "_Any", "_Service"),
			why:   "the subgraph library defines them at run time"})
	}
	return append(out, source{title: "AWS AppSync", defs: parseSpec(appSync), marks: appSyncMarks(),
		why: "AppSync defines them for every API"})
}

// declare adds the definitions of s that doc uses without defining (and the types those need),
// when doc is recognisably s's platform.
func (p *Platform) declare(doc *ast.SchemaDocument, u usage, s source) {
	dirs, types := map[string]*ast.DirectiveDefinition{}, map[string]*ast.Definition{}
	for _, d := range s.defs.Directives {
		dirs[d.Name] = d
	}
	for _, d := range s.defs.Definitions {
		types[d.Name] = d
	}
	recognised := s.marks == nil
	var added []string
	var first *ast.Position
	nd, nt := len(doc.Directives), len(doc.Definitions)
	var addType func(name string)
	addType = func(name string) {
		d := types[name]
		if d == nil || u.definedTypes[name] {
			return
		}
		u.definedTypes[name] = true
		doc.Definitions = append(doc.Definitions, d)
		added = append(added, name)
		for _, f := range d.Fields {
			addType(f.Type.Name())
		}
	}
	for _, name := range u.directiveOrder {
		if d := dirs[name]; d != nil && !u.definedDirectives[name] {
			recognised = recognised || s.marks[name]
			first = cmpPos(first, u.directives[name])
			u.definedDirectives[name] = true
			doc.Directives = append(doc.Directives, d)
			added = append(added, "@"+name)
			for _, a := range d.Arguments {
				addType(a.Type.Name())
			}
		}
	}
	for _, name := range u.typeOrder {
		if types[name] != nil && !u.definedTypes[name] {
			recognised = recognised || s.marks[name]
			first = cmpPos(first, u.types[name])
			addType(name)
		}
	}
	if len(added) == 0 {
		return
	}
	if !recognised { // e.g. a lone @tag: not enough to say the schema is a v1 subgraph
		doc.Directives, doc.Definitions = doc.Directives[:nd], doc.Definitions[:nt]
		for _, n := range added {
			delete(u.definedDirectives, strings.TrimPrefix(n, "@"))
			delete(u.definedTypes, n)
		}
		return
	}
	at := s.at
	if at == nil {
		at = orZero(first) // the parser positions every use; never nil, to be sure
	}
	p.notes.Notify(p.name, at.Line, at.Column, fmt.Sprintf("%s definitions declared by toolgen (%s): %s", s.title, s.why, nameList(sortAdded(added))),
		"a definition written in the schema is used instead")
}

// cmpPos is the earlier of two positions, either of which may be nil.
func cmpPos(a, b *ast.Position) *ast.Position {
	switch {
	case a == nil:
		return b
	case b == nil || a.Line < b.Line || (a.Line == b.Line && a.Column <= b.Column):
		return a
	}
	return b
}

// sortAdded orders directives (@name) before types, each by name.
func sortAdded(names []string) []string {
	slices.SortFunc(names, func(a, b string) int {
		if da := a[0] == '@'; da != (b[0] == '@') {
			return map[bool]int{true: -1, false: 1}[da]
		}
		return strings.Compare(a, b)
	})
	return names
}

// orZero is p, or the whole file's position (0:0) when p is nil.
func orZero(p *ast.Position) *ast.Position {
	if p == nil {
		return &ast.Position{}
	}
	return p
}

// nameList joins names for a note, at most twenty of them.
func nameList(names []string) string {
	if len(names) > 20 {
		return strings.Join(names[:20], ", ") + fmt.Sprintf(" and %d more", len(names)-20)
	}
	return strings.Join(names, ", ")
}

func setOf(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// appSyncMarks are all of AppSync's names: each is AppSync's own.
func appSyncMarks() map[string]bool {
	m := map[string]bool{}
	d := parseSpec(appSync)
	for _, x := range d.Directives {
		m[x.Name] = true
	}
	for _, x := range d.Definitions {
		m[x.Name] = true
	}
	return m
}

// parseSpec parses definitions toolgen wrote; each call returns a fresh copy, since a @link
// renames it. The source is named for toolgen, so a position in it never reads as the user's.
func parseSpec(src string) *ast.SchemaDocument {
	doc, err := parser.ParseSchema(&ast.Source{Name: "toolgen-platform.graphql", Input: src})
	if err != nil {
		panic("gqlschema: a platform spec does not parse: " + err.Error()) // a toolgen bug, caught by the tests
	}
	return doc
}

// usage is what a document uses and defines, in first-use order.
type usage struct {
	directives, types               map[string]*ast.Position // first use
	directiveOrder, typeOrder       []string
	definedDirectives, definedTypes map[string]bool
}

// PreludeNames are the directives and types gqlparser's prelude defines.
var PreludeNames = sync.OnceValues(func() (map[string]bool, map[string]bool) {
	doc := validator.PreludeDocument()
	dirs, types := map[string]bool{}, map[string]bool{}
	for _, d := range doc.Directives {
		dirs[d.Name] = true
	}
	for _, d := range doc.Definitions {
		types[d.Name] = true
	}
	return dirs, types
})

// uses collects the directives and types doc uses but does not define.
func uses(doc *ast.SchemaDocument) usage {
	pd, pt := PreludeNames()
	u := usage{directives: map[string]*ast.Position{}, types: map[string]*ast.Position{},
		definedDirectives: map[string]bool{}, definedTypes: map[string]bool{}}
	for n := range pd {
		u.definedDirectives[n] = true
	}
	for n := range pt {
		u.definedTypes[n] = true
	}
	for _, d := range doc.Directives {
		u.definedDirectives[d.Name] = true
	}
	for _, d := range append(append(ast.DefinitionList{}, doc.Definitions...), doc.Extensions...) {
		u.definedTypes[d.Name] = true // gqlparser makes a type of an extension without a base
	}
	dir := func(l ast.DirectiveList) {
		for _, d := range l {
			if _, ok := u.directives[d.Name]; !ok && !u.definedDirectives[d.Name] {
				u.directives[d.Name] = d.Position
				u.directiveOrder = append(u.directiveOrder, d.Name)
			}
		}
	}
	last := ""
	typ := func(t *ast.Type) {
		if t == nil {
			return
		}
		n := t.Name()
		switch n { // most fields: a switch is cheaper than the map lookup (GitHub's schema: 1 ms of them)
		case "String", "ID", "Int", "Boolean", "Float", last:
			return
		}
		last = n
		if !u.definedTypes[n] {
			if _, ok := u.types[n]; !ok {
				u.types[n] = t.Position
				u.typeOrder = append(u.typeOrder, n)
			}
		}
	}
	args := func(l ast.ArgumentDefinitionList) {
		for _, a := range l {
			dir(a.Directives)
			typ(a.Type)
		}
	}
	for _, s := range append(append(ast.SchemaDefinitionList{}, doc.Schema...), doc.SchemaExtension...) {
		dir(s.Directives)
	}
	for _, d := range append(append(ast.DefinitionList{}, doc.Definitions...), doc.Extensions...) {
		dir(d.Directives)
		for _, f := range d.Fields {
			dir(f.Directives)
			typ(f.Type)
			args(f.Arguments)
		}
		for _, v := range d.EnumValues {
			dir(v.Directives)
		}
	}
	for _, d := range doc.Directives {
		args(d.Arguments)
	}
	return u
}

// file is the name of the file a position lies in; "" when it has none.
func file(p *ast.Position) string {
	if p == nil || p.Src == nil {
		return ""
	}
	return p.Src.Name
}

// TooNew is what the schema uses of the federation spec that its @link's version does not have
// yet: an error for each, nil when none.
func (p *Platform) TooNew() diag.List { return p.tooNew }
