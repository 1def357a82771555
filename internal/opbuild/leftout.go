package opbuild

// leftout.go is what a default selection leaves out while anything else is left (avoided), and
// the one note per tool that tells the reviewer what of it the selected objects had: fields
// gated behind a permission (gated.go), which an override adds, and personal data, which the
// allow-list's `selection: { personal: true }` adds (docs/selection.md, "Personal data").

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// avoided reports whether a default selection leaves f out while anything else is left:
// deprecated or gated. Personal data (personalOut) is avoided too, and more: leaves never takes
// it back when a type has nothing else, so a type holding only personal data adds nothing.
func (b *Builder) avoided(f *ast.FieldDefinition) bool {
	return deprecated(f) || b.gated(f) || b.personalOut(f)
}

// personalOut reports whether the default selection leaves f out as personal data: the schema
// says it holds personal data about someone (sensitive.PersonalIn: an email, a phone number, a
// birth date, a tax id, a postal address; not a Boolean about one, nor a blockchain address) and
// the tool did not opt in with selection: {personal: true}. An agent seldom needs every
// customer's phone number to do its work, and a model that is never handed them cannot repeat
// them; a reviewer who decides it does needs one line to say so.
func (b *Builder) personalOut(f *ast.FieldDefinition) bool {
	return !b.personal && b.personalFields()[f]
}

// personalFields are the fields of the schema's objects and interfaces that hold personal data,
// found once: the verdict reads the declaring type, which a field definition does not know.
func (b *Builder) personalFields() map[*ast.FieldDefinition]bool {
	if b.personalSet == nil {
		b.personalSet = map[*ast.FieldDefinition]bool{}
		for _, t := range b.schema.Types {
			if t.Kind != ast.Object && t.Kind != ast.Interface {
				continue
			}
			for _, f := range t.Fields {
				if sensitive.PersonalIn(b.schema, t, f) {
					b.personalSet[f] = true
				}
			}
		}
	}
	return b.personalSet
}

// maxLeftNamed caps each of the note's lists: it tells the reviewer the kind of thing left out.
const maxLeftNamed = 6

// gatedNote and personalNote open the two parts of the note; toolgen diff reads them
// (catdiff/selection.go), to say why a field left a tool.
const (
	gatedNote    = "left out, the schema says they need a permission: "
	personalNote = "left out as personal data: "
)

// leftNote names the gated and the personal-data fields of the selected objects that the
// finished selection left out, in one note: a reviewer whose role holds the permission knows
// what an override would add, and one who decides the agent needs the personal data knows
// what the opt-in would.
func (b *Builder) leftNote(t *ast.Definition, kids []*node) string {
	if !b.anyGated() && !b.anyPersonal() {
		return "" // most schemas mark nothing: no walk per tool
	}
	var l leftLists
	b.leftOut(t, kids, map[string]bool{}, &l)
	var parts []string
	if len(l.gated) > 0 {
		parts = append(parts, gatedNote+capped(l.gated)+"; an override of this tool can select them, for every role that has the tool")
	}
	if len(l.personal) > 0 {
		parts = append(parts, personalNote+capped(l.personal)+"; selection: {personal: true} for this tool in the allow-list selects them")
	}
	return strings.Join(parts, "; ")
}

// capped joins names, the first maxLeftNamed of them and how many more.
func capped(names []string) string {
	if len(names) <= maxLeftNamed {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:maxLeftNamed], ", ") + fmt.Sprintf(" and %d more", len(names)-maxLeftNamed)
}

// leftLists are the Type.field names the walk found left out, and those already named.
type leftLists struct {
	gated, personal []string
	named           map[string]bool
}

func (l *leftLists) add(list *[]string, t *ast.Definition, f *ast.FieldDefinition) {
	name := t.Name + "." + f.Name
	if l.named == nil {
		l.named = map[string]bool{}
	}
	if !l.named[name] {
		l.named[name] = true
		*list = append(*list, name)
	}
}

// leftOut walks a selection set of type t, collecting Type.field for each gated or personal
// field of an object selected in detail form that is not selected; seen keeps each type's
// fields from being named twice. An object in summary form ({id name}) names no gated field:
// a summary never holds one, so naming it would tell the reviewer of a loss there is not
// (User.staffNotes beside an order's customer). It names the personal data its summary would
// hold with the opt-in (a customer known by { id email }, a delivery group named by its
// deliveryAddress { id name }), and nothing else of it.
func (b *Builder) leftOut(t *ast.Definition, kids []*node, seen map[string]bool, l *leftLists) {
	if t == nil || len(kids) == 0 {
		return
	}
	picked := map[string]bool{}
	if inSummary(kids) {
		for _, k := range direct(kids) {
			picked[k.name] = true
		}
		with := b.twinned()
		for _, f := range append(slices.Clip(with.summary(t)), with.namers(t)...) {
			if !picked[f.Name] && b.personalOut(f) {
				l.add(&l.personal, t, f)
			}
		}
		return
	}
	for _, k := range direct(kids) {
		switch {
		case k.on != "":
			b.leftOut(b.schema.Types[k.on], k.kids, seen, l)
		case t.Fields.ForName(k.name) != nil:
			picked[k.name] = true
			b.leftOut(b.named(t.Fields.ForName(k.name)), k.kids, seen, l)
		}
	}
	if t.Kind != ast.Object || seen[t.Name] {
		return
	}
	seen[t.Name] = true
	for _, f := range t.Fields {
		if picked[f.Name] || deprecated(f) || introspection(f) {
			continue
		}
		switch {
		case b.gated(f):
			l.add(&l.gated, t, f)
		case b.personalOut(f) && !needsArgs(f) && !b.secretLooking(t, f):
			l.add(&l.personal, t, f)
		case !needsArgs(f) && b.named(f) != nil && b.named(f).Kind == ast.Object && b.personalOnly(b.named(f)):
			l.add(&l.personal, t, f) // a contact { email phone } adds nothing without its personal leaves
		}
	}
}

// inSummary reports whether a selection set is an entity in summary form: its only entity group
// is summarized (a hop, an entity inside a list, or one the fit phase degraded).
func inSummary(kids []*node) bool {
	var groups []*node
	for _, k := range kids {
		if k.ent != nil {
			groups = append(groups, k)
		}
	}
	return len(groups) > 0 && !slices.ContainsFunc(groups, func(g *node) bool { return !g.ent.summarized })
}

// anyPersonal reports whether the default selection leaves any field of the schema out as
// personal data.
func (b *Builder) anyPersonal() bool {
	return !b.personal && len(b.personalFields()) > 0
}

// twinned is the Builder of the same schema with the other personal-data setting, made on first
// use: every per-type answer (leaves, summaries, value objects, namers) depends on it, so each
// setting keeps its own caches.
func (b *Builder) twinned() *Builder {
	if b.twin == nil {
		t := New(b.schema)
		t.count, t.personal, t.twin = b.count, !b.personal, b
		t.gateCache, t.someGated, t.personalSet = b.gateCache, b.someGated, b.personalFields()
		b.twin = t
	}
	return b.twin
}
