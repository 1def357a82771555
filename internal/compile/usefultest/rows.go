package usefultest

// This file is the measure "rows that say what they are" (docs/selection.md, "Rows that say what they are"): every item
// of every list an answer holds says what it is about. Codex passed every other measure while its
// balances answered { balance shiftedBalance } per row and never which token: the entity checks
// look only at types with an id, and a Balance has none.

import (
	"regexp"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Unnamed is the gap kind of a list whose items do not say what they are.
const Unnamed = "row without what it is about"

var (
	// ownKeyName is a leaf that identifies or names the object holding it.
	ownKeyName = regexp.MustCompile(`^(id|_id|uuid|key|code|handle|slug|sku|name|title|label|symbol|login|username|displayName|nameWithOwner|number|email|isoCode|identifier|digest|url|href|uri|permalink)$|.(Name|Title|Number)$|._(name|title|number)$`)
	// foreignKeyName is a leaf that identifies another thing: an id, an address, a hash, a
	// signature (Solana's keys are addresses and signatures, Codex's tokens addresses).
	foreignKeyName = regexp.MustCompile(`^(address|signature|pubkey|mint|hash)$|.(Id|ID|_id|Address|_address|Hash|_hash|Signature|Digest|Key|_key|Slug|_slug)$`)
	// timeName is a leaf naming a point's place in a series: a bar's t, a sample's timestamp.
	timeName = regexp.MustCompile(`^(t|ts|time|timestamp|date|datetime|day|week|month|year|hour|minute|period|bucket|interval|slot|blockNumber|block_number|startTime|start_time|timeBucket)$`)
)

// rowGaps names the lists under root whose items do not say what they are (see saysWhat and
// valueRow). A list of error objects is a payload's report, not rows, and a list of leaves holds
// no rows at all.
func (c checker) rowGaps(root *ast.Field) []Gap {
	named := c.requiredArg(root.Definition)
	if t := c.named(root.Definition); root.Definition.Type.Elem != nil {
		return c.rows(root, t, named, root.Name, nil)
	} else if t != nil && !isLeaf(t) {
		return c.walk(t, root.SelectionSet, named || c.saysWhat(t, root.SelectionSet), root.Name, nil)
	}
	return nil
}

// requiredArg: f takes an argument the call must pass (the agent said which thing it asks about).
func (c checker) requiredArg(f *ast.FieldDefinition) bool {
	return slices.ContainsFunc(f.Arguments, func(a *ast.ArgumentDefinition) bool { return a.Type.NonNull })
}

// walk visits the fields of set, on an object of type t; named says whether the object (or
// one enclosing it, through a connection, page or edge) says what it is.
func (c checker) walk(t *ast.Definition, set ast.SelectionSet, named bool, where string, anc []string) []Gap {
	anc = append(slices.Clip(anc), t.Name)
	var out []Gap
	for _, f := range fieldsOf(set) {
		if f.Definition == nil || len(f.SelectionSet) == 0 {
			continue
		}
		ft := c.named(f.Definition)
		path := where + "." + f.Alias
		switch {
		case ft == nil || c.errorLike(f.Definition):
		case f.Definition.Type.Elem != nil:
			out = append(out, c.rows(f, ft, named, path, anc)...)
		case c.connectionList(ft) != nil || c.pageList(ft) != nil:
			out = append(out, c.walk(ft, f.SelectionSet, named, path, anc)...)
		default:
			out = append(out, c.walk(ft, f.SelectionSet, c.saysWhat(ft, f.SelectionSet), path, anc)...)
		}
	}
	return out
}

// rows judges the items of list field f (of item type t) and walks into them. An edge is judged
// by its node. For an interface or union, each member is judged by the fields that apply to it.
func (c checker) rows(f *ast.Field, t *ast.Definition, enclosing bool, where string, anc []string) []Gap {
	set := f.SelectionSet
	if t.Fields.ForName("node") != nil && c.connectionList(t) == nil {
		nodes := selected(set, "node")
		if len(nodes) == 0 || nodes[0].Definition == nil {
			return nil
		}
		t, set, where = c.named(nodes[0].Definition), subSets(nodes), where+".node"
	}
	members := []*ast.Definition{t}
	if t.Kind == ast.Interface || t.Kind == ast.Union {
		members = c.schema.GetPossibleTypes(t)
	}
	var out []Gap
	named := true
	for _, m := range members {
		own := fieldsFor(set, m, t)
		if len(own) == 0 && len(members) > 1 || c.errorType(m) {
			continue // a member the selection says nothing of (the union measure's business), an error
		}
		if !c.saysWhat(m, own) && !c.valueRow(own, enclosing) && c.couldSay(m, anc) {
			named = false
			at := where
			if m != t {
				at += "[" + m.Name + "]"
			}
			out = append(out, Gap{Unnamed, at})
		}
	}
	return append(out, c.walk(t, set, named, where, anc)...)
}

// fieldsFor is the part of set that applies to an object of type m, read as a field of type t:
// its fields and the fragments on m, on an interface m implements, or on t.
func fieldsFor(set ast.SelectionSet, m, t *ast.Definition) ast.SelectionSet {
	var out ast.SelectionSet
	for _, s := range set {
		if _, ok := s.(*ast.Field); ok {
			out = append(out, s)
			continue
		}
		if on, sub := fragment(s); on == "" || on == m.Name || on == t.Name || slices.Contains(m.Interfaces, on) {
			out = append(out, fieldsFor(sub, m, t)...)
		}
	}
	return out
}

// saysWhat: the selection of an object of type t says what it is about: a leaf of its own that
// identifies or names it (ownKeyName, ID-typed, <type>Id), a key of another thing (tokenId,
// poolAddress: which token or pool the row is about), or a naming reference: a single object
// field whose own selection identifies or names it (balances { balance token { id name } }).
func (c checker) saysWhat(t *ast.Definition, set ast.SelectionSet) bool {
	for _, f := range fieldsOf(set) {
		if f.Definition == nil || f.Definition.Type.Elem != nil {
			continue
		}
		n := c.named(f.Definition)
		switch {
		case isLeaf(n) && c.ownKey(t, f):
			return true
		case isLeaf(n) && foreignKeyName.MatchString(f.Name):
			return true
		case n != nil && !isLeaf(n) && slices.ContainsFunc(fieldsOf(f.SelectionSet), func(g *ast.Field) bool {
			return g.Definition != nil && g.Definition.Type.Elem == nil && isLeaf(c.named(g.Definition)) && c.ownKey(n, g)
		}):
			return true
		}
	}
	return false
}

// couldSay: t offers what would say what its rows are about, so a selection without it is the
// selection's fault, not the schema's: a selectable leaf that identifies or names t or another
// thing (not a credential), or a single field to a naming entity (an id and a name-like leaf, as
// docs/selection.md's naming reference; an id alone names nothing a reader recognises). A
// signature's { signatureBytes }, a tax line's { description taxRate taxBase taxTotal }, a
// reaction group's { content count } have nothing more to say: they are what they hold.
func (c checker) couldSay(t *ast.Definition, anc []string) bool {
	if t.Kind != ast.Object && t.Kind != ast.Interface {
		return false
	}
	for _, f := range t.Fields {
		n := c.named(f)
		if !selectable(f) || f.Type.Elem != nil || n == nil {
			continue
		}
		if isLeaf(n) && !c.credential(t, f) && (c.ownKeyDef(t, f) || foreignKeyName.MatchString(f.Name)) {
			return true
		}
		if (n.Kind == ast.Object || n.Kind == ast.Interface) && keyed(n) && !c.enclosing(n, anc) && slices.ContainsFunc(n.Fields, func(g *ast.FieldDefinition) bool {
			return g.Name != "id" && g.Name != "_id" && selectable(g) && g.Type.Elem == nil && isLeaf(c.named(g)) && ownKeyName.MatchString(g.Name) && g.Name != "url"
		}) {
			return true
		}
	}
	return false
}

// enclosing: n is one of anc, the types enclosing the row, or an interface one implements (a
// vulnerability's advisory is the advisory the rows are listed in: the context names it, as
// docs/selection.md's naming reference leaves such a field out).
func (c checker) enclosing(n *ast.Definition, anc []string) bool {
	return slices.ContainsFunc(anc, func(a string) bool {
		d := c.schema.Types[a]
		return a == n.Name || d != nil && slices.Contains(d.Interfaces, n.Name)
	})
}

// errorType: m reports an error (InsufficientStockError { message … } in a list of results): it
// says what went wrong, the error measures' business.
func (c checker) errorType(m *ast.Definition) bool {
	return errorType.MatchString(m.Name) && m.Fields.ForName("message") != nil
}

// ownKey: leaf f identifies or names the object of type t holding it.
func (c checker) ownKey(t *ast.Definition, f *ast.Field) bool { return c.ownKeyDef(t, f.Definition) }

func (c checker) ownKeyDef(t *ast.Definition, f *ast.FieldDefinition) bool {
	return ownKeyName.MatchString(f.Name) || f.Type.Name() == "ID" || strings.EqualFold(f.Name, t.Name+"Id")
}

// valueRow: a point of a series, exempt from saying what it is about when an enclosing object
// does (or the root field takes a required argument: the agent named the subject): the item
// selects its place in the series (timeName: a bar's t, a sample's timestamp), and it says
// nothing else of what it is (saysWhat failed). The series is the enclosing thing's (token { id name bars { t o h l c } }); a
// balance has no place in a series, so Balance { balance shiftedBalance } is no value row.
func (c checker) valueRow(set ast.SelectionSet, enclosing bool) bool {
	if !enclosing {
		return false
	}
	return slices.ContainsFunc(fieldsOf(set), func(f *ast.Field) bool {
		return f.Definition != nil && isLeaf(c.named(f.Definition)) && timeName.MatchString(f.Name)
	})
}
