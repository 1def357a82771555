package opbuild

// This file is phase 1 of docs/selection.md, the shape: it looks at what a root field returns (a
// leaf, a union or interface, a connection, a mutation payload, a plain entity, a page or a
// leafless object) and builds the selection tree that shape deserves. Abstract types live here
// because every shape can end in one.

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// maxMembers is the most member fragments an abstract selection lists; beyond it a common
// interface's summary stands in for them (GitHub's 20-member unions would cost hundreds of tokens).
const maxMembers = 8

// shaped is the outcome of phase 1: the root field node and whether it is a root connection,
// whose header forwards first/after only.
type shaped struct {
	root       *node
	connection bool
	page       bool            // a page of any style: its page-size argument gets a default
	hopFrom    *ast.Definition // the single entity whose one hop Build may add
	note       string          // what the shape left out and why, for the tool's notes
}

// shape builds the default selection tree for root field f of the given kind.
func (b *Builder) shape(kind string, f *ast.FieldDefinition, o Options) (shaped, error) {
	t := b.named(f)
	root := field(f, nil)
	b.passed = b.callKeys(f)
	asked := askedSize(f, o.PageSize) // what the header asks for, so L counts what comes back
	if asked > 0 && isList(f.Type) {
		root.mult = asked
	}
	pageSize := o.PageSize
	if asked > 0 {
		pageSize = asked
	}
	switch {
	case t == nil:
		return shaped{}, fmt.Errorf("its type %s is not defined", f.Type.Name())
	case isLeaf(t):
		return shaped{root: root}, nil
	}
	if kind == "mutation" {
		if kids, note := b.goneRoot(f, t); kids != nil {
			root.kids = kids
			return shaped{root: root, note: note}, nil
		}
	}
	switch {
	case isAbstract(t):
		root.kids = b.abstractResult(t, !isList(f.Type))
		return b.nonEmpty(root, t)
	}
	if c := b.connection(t); c != nil {
		root.kids = b.connectionFields(t, c, pageSize, true)
		return shaped{root: root, connection: true}, nil
	}
	if items := b.page(t); items != nil {
		root.kids = b.pageFields(t, items, pageSize, true)
		s, err := b.nonEmpty(root, t)
		s.page = true
		return s, err
	}
	var note string
	root.kids, note = b.objectSet(kind, f, t)
	if rows := aggregateRows(f, t); rows != nil {
		root.kids, note = withoutField(root.kids, rows.Name), aggregateNote(f, rows)
	}
	if kind == "mutation" && b.wrappers[t.Name] {
		var left string
		if root.kids, left = b.withoutSiblings(f, t, root.kids); left != "" {
			note = left
		}
		if gone := b.gonePayload(f, t, root.kids); gone != "" {
			note = strings.TrimPrefix(note+"; "+gone, "; ")
		}
	}
	s, err := b.nonEmpty(root, t)
	s.note = note
	if len(root.kids) == 1 && root.kids[0].ent != nil && root.kids[0].ent.root && !isList(f.Type) && b.keyed(t) {
		s.hopFrom = t // a single entity: Build adds its one hop when the budget leaves room
	}
	return s, err
}

// objectSet is the selection of an object the root returns: a payload is expanded, a plain
// entity gets the seed rule, anything else (pages, leafless objects) is expanded; the note says
// what the expansion selected against its rule.
func (b *Builder) objectSet(kind string, f *ast.FieldDefinition, t *ast.Definition) ([]*node, string) {
	listDepth := 0
	if isList(f.Type) {
		listDepth = 1
	}
	if kind == "mutation" && b.wrappers[t.Name] {
		return b.expandRoot(t, listDepth)
	}
	if !b.pageLike(t) {
		if isList(f.Type) {
			if g := b.rowNamer(b.entityGroup(t, true), t); g != nil {
				return []*node{g}, ""
			}
		} else if g := b.singleGroup(t); g != nil {
			return []*node{g}, ""
		}
	}
	return b.expandRoot(t, listDepth)
}

// nonEmpty falls back to t's plain leaves ({ clientMutationId } for a payload with nothing
// else) and fails only when even those are missing.
func (b *Builder) nonEmpty(root *node, t *ast.Definition) (shaped, error) {
	if len(root.kids) == 0 {
		root.kids = fields(b.leaves(t))
	}
	if len(root.kids) == 0 && b.secretsOnly(t) {
		return shaped{}, fmt.Errorf("every value %s holds is a credential (a token, a key, a one-time-password seed), which no default selection sends to a model; leave the tool out, or select in an override what the agent may see", t.Name)
	}
	if len(root.kids) == 0 && b.personalOnly(t) {
		return shaped{}, fmt.Errorf("every value %s holds is personal data (an email, a phone number, an address), which the default selection leaves out; add selection: {personal: true} to the tool in the allow-list if the agent needs it, or select it in an override", t.Name)
	}
	if len(root.kids) == 0 {
		return shaped{}, fmt.Errorf("the default selection rule finds nothing to select in %s", t.Name)
	}
	return shaped{root: root}, nil
}

// abstract is __typename plus the interface's own leaves, or else one fragment per member:
// detail for a single result, summary inside lists, a common interface over maxMembers. An
// error member keeps every leaf (its message, code and amounts), and a member without leaves
// is expanded like a payload: every member answers.
func (b *Builder) abstract(t *ast.Definition, single bool) []*node {
	kids := []*node{typename()}
	if t.Kind == ast.Interface {
		if g := b.entityGroup(t, false); g != nil {
			return append(kids, g)
		}
	}
	members := b.members(t)
	if len(members) > maxMembers {
		if i := b.commonInterface(members); i != nil {
			return append(kids, fragment(i.Name, []*node{b.summaryGroup(i)}))
		}
	}
	for _, m := range members {
		if sel := b.member(m, single, len(members) > maxMembers); len(sel) > 0 {
			kids = append(kids, fragment(m.Name, sel))
		}
	}
	if len(kids) == 1 {
		return nil // __typename alone tells the agent nothing it can use
	}
	return kids
}

// member is the selection of one member of an abstract type.
func (b *Builder) member(m *ast.Definition, single, many bool) []*node {
	if b.errorType(m) {
		return fields(b.leaves(m)) // plain fields: never summarized or trimmed
	}
	if g := b.entityGroup(m, false); g != nil {
		if !single || many {
			g.summarize()
		}
		return []*node{g}
	}
	listDepth := 0
	if !single {
		listDepth = 1
	}
	return b.expand(m, expansion{depth: 2, listDepth: listDepth, path: []string{m.Name}})
}

// members are the object types of an abstract type, in schema order.
func (b *Builder) members(t *ast.Definition) []*ast.Definition {
	var out []*ast.Definition
	for _, m := range b.schema.GetPossibleTypes(t) {
		if m.Kind == ast.Object {
			out = append(out, m)
		}
	}
	return out
}

// commonInterface is the first interface of the first member that every member implements and
// whose summary is not empty (Node, for GitHub).
func (b *Builder) commonInterface(members []*ast.Definition) *ast.Definition {
	for _, name := range members[0].Interfaces {
		i := b.schema.Types[name]
		if i != nil && len(b.summary(i)) > 0 && b.allImplement(members, name) {
			return i
		}
	}
	return nil
}

func (b *Builder) allImplement(members []*ast.Definition, iface string) bool {
	for _, m := range members {
		found := false
		for _, name := range m.Interfaces {
			found = found || name == iface
		}
		if !found {
			return false
		}
	}
	return true
}

// secretsOnly: t has leaves, and every one of them is a credential (accounts-js's
// TwoFactorSecretKey: a TOTP seed in five encodings and two QR codes of it).
func (b *Builder) secretsOnly(t *ast.Definition) bool {
	some := false
	for _, f := range t.Fields {
		if isLeaf(b.named(f)) && !introspection(f) {
			if !b.secretLooking(t, f) {
				return false
			}
			some = true
		}
	}
	return some
}

// personalOnly reports whether t's leaves are personal data the default selection leaves out,
// but for credentials, which it never selects.
func (b *Builder) personalOnly(t *ast.Definition) bool {
	some := false
	for _, f := range t.Fields {
		if isLeaf(b.named(f)) && !introspection(f) && !b.secretLooking(t, f) {
			if !b.personalOut(f) {
				return false
			}
			some = true
		}
	}
	return some
}

// keyed: t is an entity a single result can hop from: it has an id, or a key of its own that
// says which record it is where the schema names no id field (EverShop's Cart { cartId },
// Product { productId uuid }): an ID-typed leaf, <type>Id or uuid.
func (b *Builder) keyed(t *ast.Definition) bool {
	if b.hasID(t) {
		return true
	}
	for _, f := range t.Fields {
		if !isList(f.Type) && isLeaf(b.named(f)) && (f.Type.Name() == "ID" || f.Name == "uuid" || strings.EqualFold(f.Name, t.Name+"Id")) {
			return true
		}
	}
	return false
}
