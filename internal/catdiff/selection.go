package catdiff

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// shape is what an operation returns: every selected field by path (segments joined by "/",
// fragments as "on Type"), whether it is a leaf, and the literal arguments written into it.
// A path is made of response keys, what the model reads; names says which schema field each
// one is, so that an alias (displayName: email) neither hides the field it returns nor makes
// a swapped field look unchanged.
type shape struct {
	fields   map[string]bool   // path -> leaf
	names    map[string]string // path -> the path by schema field names (aliases resolved)
	frags    map[string]bool   // paths of the fragments ("…/on Type")
	literals map[string]string // path + "(arg)" or path + "@directive" -> literal value as written
}

// selectionOf reads an operation without a schema: the catalog holds no types, and the shape of
// the selection is all the diff needs. An unparsable operation has an empty shape.
func selectionOf(op string) shape {
	sh := shape{fields: map[string]bool{}, names: map[string]string{}, frags: map[string]bool{}, literals: map[string]string{}}
	doc, err := parser.ParseQuery(&ast.Source{Name: "operation", Input: op})
	if err != nil || len(doc.Operations) == 0 {
		return sh
	}
	o := doc.Operations[0]
	sh.directives("", o.Directives)
	for _, v := range o.VariableDefinitions {
		sh.directives("/$"+v.Variable, v.Directives)
	}
	sh.walk(doc, o.SelectionSet, "", "", 0)
	return sh
}

// directives records the directives written at path with their arguments: @skip(if: true) or
// a server's own directive changes what runs as much as an argument does.
func (sh shape) directives(path string, ds ast.DirectiveList) {
	seen := map[string]int{}
	for _, d := range ds {
		key := path + "@" + d.Name
		if seen[d.Name]++; seen[d.Name] > 1 {
			key += fmt.Sprintf("#%d", seen[d.Name])
		}
		args := make([]string, len(d.Arguments))
		for i, a := range d.Arguments {
			args[i] = a.Name + ": " + a.Value.String()
		}
		sh.literals[key] = "@" + d.Name + "(" + strings.Join(args, ", ") + ")"
	}
}

func (sh shape) walk(doc *ast.QueryDocument, set ast.SelectionSet, path, named string, depth int) {
	if depth > 64 { // fragments that spread each other: invalid, but never loop
		return
	}
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			key := s.Alias
			if key == "" {
				key = s.Name
			}
			p, n := pointer(path, key), pointer(named, s.Name)
			sh.fields[p] = len(s.SelectionSet) == 0
			sh.names[p] = n
			for _, a := range s.Arguments {
				if a.Value != nil && a.Value.Kind != ast.Variable {
					sh.literals[p+"("+a.Name+")"] = a.Value.String()
				}
			}
			sh.directives(p, s.Directives)
			sh.walk(doc, s.SelectionSet, p, n, depth+1)
		case *ast.InlineFragment:
			sh.directives(pointer(path, "..."+s.TypeCondition), s.Directives)
			sh.walk(doc, s.SelectionSet, sh.on(path, s.TypeCondition), on(named, s.TypeCondition), depth+1)
		case *ast.FragmentSpread:
			sh.directives(pointer(path, "..."+s.Name), s.Directives)
			if f := doc.Fragments.ForName(s.Name); f != nil {
				sh.directives(pointer(path, "..."+s.Name), f.Directives)
				sh.walk(doc, f.SelectionSet, sh.on(path, f.TypeCondition), on(named, f.TypeCondition), depth+1)
			}
		}
	}
}

func (sh shape) on(path, typ string) string {
	p := on(path, typ)
	if p != path {
		sh.frags[p] = true
	}
	return p
}

func on(path, typ string) string {
	if typ == "" {
		return path
	}
	return pointer(path, "on "+typ)
}

// sensitive reports whether the field at p reads as a secret or personal data, judged by the
// schema field it is, whatever its alias.
func (sh shape) sensitive(p string) bool {
	if n, ok := sh.names[p]; ok {
		return sensitiveField(n)
	}
	return sensitiveField(p)
}

// aliased is the field at p as the schema names it when an alias gives it another key, or "".
func (sh shape) aliased(p string) string {
	if n := sh.names[p]; n != "" && lastSegment(n) != lastSegment(p) {
		return fieldPath(n)
	}
	return ""
}

// selection compares what two versions of a tool return. A removed or added subtree, a field's
// or a fragment's, is one change at its top, counting the fields below it; a sensitive field is
// reported on its own wherever it is added.
func (d *differ) selection(ot, nt *catalog.Tool) {
	tool, old, new := nt.Name, ot.Operation, nt.Operation
	if old == new {
		return
	}
	o, n := selectionOf(old), selectionOf(new)
	done := map[string]bool{}
	for _, p := range slices.Sorted(maps.Keys(o.fields)) {
		nl, ok := n.fields[p]
		switch {
		case !ok:
			top := topGone(n, p)
			if done[top] {
				continue
			}
			done[top] = true
			d.add("selection-field-removed", tool, "/operation"+top, fmt.Sprintf("%q no longer returns %s%s%s", tool, fieldPath(top), below(o, top), whyRemoved(ot, nt, top)), fieldPath(top), nil)
		case o.names[p] != n.names[p]:
			// The same key now returns another field (an alias changed): what the model reads
			// under a name it knows is new data, judged as the field it now is.
			id, msg := "selection-field-added", fmt.Sprintf("%q now returns %s under %s, was %s", tool, fieldPath(n.names[p]), fieldPath(p), fieldPath(o.names[p]))
			if n.sensitive(p) {
				id, msg = "selection-sensitive-field-added", msg+", which reads as a secret or personal data"
			}
			done[p] = true
			d.add(id, tool, "/operation"+p, msg, fieldPath(o.names[p]), fieldPath(n.names[p]))
		case nl != o.fields[p]:
			d.add("selection-type-changed", tool, "/operation"+p, fmt.Sprintf("%q returns %s as %s, was %s", tool, fieldPath(p), leafName(nl), leafName(o.fields[p])), leafName(o.fields[p]), leafName(nl))
		}
	}
	for _, p := range slices.Sorted(maps.Keys(n.fields)) {
		if _, ok := o.fields[p]; ok {
			continue
		}
		if n.sensitive(p) {
			what := fieldPath(p)
			if a := n.aliased(p); a != "" {
				what = a + " as " + what
			}
			d.add("selection-sensitive-field-added", tool, "/operation"+p, fmt.Sprintf("%q now returns %s, which reads as a secret or personal data", tool, what), nil, fieldPath(p))
			continue
		}
		top := topGone(o, p)
		if done[top] {
			continue
		}
		done[top] = true
		d.add("selection-field-added", tool, "/operation"+top, fmt.Sprintf("%q now returns %s%s%s", tool, fieldPath(top), below(n, top), fieldNeeds(nt, top, ", which needs")), nil, fieldPath(top))
	}
	d.literals(tool, o, n)
}

// gatedNote opens the note the default selection writes for the permission-gated fields it
// leaves out (opbuild/gated.go): "left out, the schema says they need a permission: A.x, B.y; …".
const gatedNote = "left out, the schema says they need a permission: "

// personalNote opens the part of that note naming the personal data the default selection leaves
// out (opbuild/leftout.go): "…; left out as personal data: A.email, B.phone; …".
const personalNote = "left out as personal data: "

// hiddenNote opens the note compile writes for the fields of selected objects that
// @inaccessible hides (compile.HiddenNote): "left out, @inaccessible in the schema (…): A.x, B.y".
const hiddenNote = "left out, @inaccessible in the schema (the gateway hides them from clients): "

// whyRemoved says what the catalogs tell of a field's leaving: the new default selection left
// it out as needing a permission, or the gateway now hides it (the notes name Type.field), and
// what the old catalog said the field needed.
func whyRemoved(o, n *catalog.Tool, p string) string {
	name := pointerUnescaper.Replace(lastSegment(p))
	why := ""
	for _, note := range n.Notes {
		if f := noteNames(note, gatedNote, name); f != "" {
			why = fmt.Sprintf(": the schema now says %s needs a permission, so the default selection leaves it out (an override of this tool can select it)", f)
		} else if f := noteNames(note, personalNote, name); f != "" {
			why = fmt.Sprintf(": the default selection now leaves %s out as personal data (selection: {personal: true} for this tool in the allow-list selects it)", f)
		} else if f := noteNames(note, hiddenNote, name); f != "" {
			why = fmt.Sprintf(": %s is now @inaccessible in the schema, which the gateway hides from clients", f)
		}
	}
	if why == "" {
		why = budgetReason(n, p)
	}
	return why + fieldNeeds(o, p, "; it needed")
}

// budgetNotes open the notes in which the default selection says what its fit phase (or its
// rule for a mutation's answer) left out of a tool whose schema still has it.
var budgetNotes = []string{"selection trimmed to fit the budget: ", "selection summarized to fit the budget: ",
	"related entities dropped to fit the budget: ", "left out of the answer: ",
	"implementing types' fields dropped to fit the budget: "}

// budgetReason says that the field at p went because the new tool's own selection budget left it
// out, not because the API dropped it: the Admin API's 2025-10 -> 2026-10 diff said
// "no longer returns processableQuantity" of a field that is still there, trimmed because a
// new field arrived. "" when no such note names p or a selection above it.
func budgetReason(n *catalog.Tool, p string) string {
	at := fieldPath(p)
	for _, note := range n.Notes {
		for i, prefix := range budgetNotes {
			list, ok := strings.CutPrefix(note, prefix)
			if !ok {
				continue
			}
			list, _, _ = strings.Cut(list, ";")
			for _, e := range strings.Split(list, ", ") {
				e, _, _ = strings.Cut(e, " (")
				e = strings.NewReplacer("[", ".(on ", "]", ")").Replace(e)
				if i == 3 {
					e = n.Name + "." + e // the answer's own field: "shop"
				}
				if at == e || strings.HasPrefix(at, e+".") {
					return ": the API still has it; the tool's selection budget left it out (" + strings.TrimSuffix(prefix, ": ") +
						"), so raise selection.maxSelectionTokens or maxResultLeaves, or select it in an override"
				}
			}
		}
	}
	return ""
}

// noteNames is the Type.field that the list after prefix in note names as field name, or "".
func noteNames(note, prefix, name string) string {
	_, rest, ok := strings.Cut(note, prefix) // a part of a note need not open it
	if !ok {
		return ""
	}
	list, _, _ := strings.Cut(rest, ";")
	for _, f := range strings.Split(strings.TrimSuffix(list, " more"), ", ") {
		if f, _, _ = strings.Cut(f, " and "); strings.HasSuffix(f, "."+name) {
			return f
		}
	}
	return ""
}

// fieldNeeds is what t's access says the field at p needs (matched on its Type.field name),
// after lead (", which needs"), or "".
func fieldNeeds(t *catalog.Tool, p, lead string) string {
	name := pointerUnescaper.Replace(lastSegment(p))
	if strings.HasPrefix(name, "on ") {
		return ""
	}
	var got []string
	for _, a := range t.Access {
		if _, f, ok := strings.Cut(a.Where, "."); ok && f == name && !slices.Contains(got, a.Needs) {
			got = append(got, a.Needs)
		}
	}
	if len(got) == 0 {
		return ""
	}
	return lead + " " + strings.Join(got, " or ")
}

// topGone is the highest of p and its ancestors that sh lacks, below the closest one it has: a
// field sh does not select, or a fragment under which it selects nothing.
func topGone(sh shape, p string) string {
	top := p
	for q := parentOf(p); q != ""; q = parentOf(q) {
		if strings.HasPrefix(lastSegment(q), "on ") {
			if sh.frags[q] {
				return top
			}
		} else if _, ok := sh.fields[q]; ok {
			return top
		}
		top = q
	}
	return top
}

// below counts the leaves sh selects under p, for a removed or added subtree: " (3 fields)".
func below(sh shape, p string) string {
	n := 0
	for q, leaf := range sh.fields {
		if leaf && strings.HasPrefix(q, p+"/") {
			n++
		}
	}
	if n < 2 {
		return ""
	}
	return fmt.Sprintf(" (%d fields)", n)
}

func (d *differ) literals(tool string, o, n shape) {
	keys := map[string]bool{}
	for k := range o.literals {
		keys[k] = true
	}
	for k := range n.literals {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		ov, oOK := o.literals[k]
		nv, nOK := n.literals[k]
		if oOK && nOK && ov == nv {
			continue
		}
		d.add("operation-literal-changed", tool, "/operation"+k, fmt.Sprintf("%q sends %s as %s, was %s", tool, fieldPath(k), orNone(nv, nOK), orNone(ov, oOK)), orNil(ov, oOK), orNil(nv, nOK))
	}
}

func orNone(v string, ok bool) string {
	if !ok {
		return "nothing"
	}
	return v
}

func orNil(v string, ok bool) any {
	if !ok {
		return nil
	}
	return v
}

func leafName(leaf bool) string {
	if leaf {
		return "a value"
	}
	return "an object"
}

func parentOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i > 0 {
		return p[:i]
	}
	return ""
}

func lastSegment(p string) string {
	return p[strings.LastIndexByte(p, '/')+1:]
}

// fieldPath shows a selection path as people write it: search.(on Movie).title.
func fieldPath(p string) string {
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range segs {
		s = pointerUnescaper.Replace(s)
		if strings.HasPrefix(s, "on ") {
			s = "(" + s + ")"
		}
		segs[i] = s
	}
	return strings.Join(segs, ".")
}

// sensitiveField is a returned field a reviewer must see added: a credential or personal data.
// The catalog holds no types, so a fragment's type condition stands for the declaring type and
// the enclosing field's name for the rest: uiExtensionSessionToken/value reads as a token.
func sensitiveField(p string) bool {
	name, f := lastSegment(p), sensitive.Field{Name: lastSegment(p)}
	if up := lastSegment(parentOf(p)); strings.HasPrefix(up, "on ") {
		f.Parent = strings.TrimPrefix(up, "on ")
	} else {
		f.Via = up
	}
	return sensitive.Credential(f) || sensitive.Personal(name)
}

// sensitiveInput is an input the model should not choose: a credential or the acting identity.
func sensitiveInput(f sensitive.Field) bool {
	return sensitive.Credential(f) || f.Kind != sensitive.Enum && f.Type != "Boolean" && sensitive.Identity(f.Name)
}
