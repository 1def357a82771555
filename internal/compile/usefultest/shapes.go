package usefultest

// This file judges abstract results and plain objects, and holds the small helpers that read a
// validated selection set (through inline fragments and fragment spreads).

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// union: __typename, and at least one field for every member (a fragment on an interface a
// member implements counts for it).
func (c checker) union(t *ast.Definition, set ast.SelectionSet) error {
	if len(selected(set, "__typename")) == 0 {
		return fmt.Errorf("%s without __typename", t.Name)
	}
	for _, m := range c.schema.GetPossibleTypes(t) {
		if m.Kind == ast.Object && !c.covers(set, m) {
			return fmt.Errorf("%s: nothing selected for member %s", t.Name, m.Name)
		}
	}
	return nil
}

func (c checker) covers(set ast.SelectionSet, m *ast.Definition) bool {
	for _, s := range set {
		cond, sub := fragment(s)
		if cond == "" || !(cond == m.Name || slices.Contains(m.Interfaces, cond)) {
			continue
		}
		for _, f := range fieldsOf(sub) {
			if f.Name != "__typename" {
				return true
			}
		}
	}
	return false
}

// iface: __typename, or a leaf other than id.
func (c checker) iface(set ast.SelectionSet) error {
	for _, f := range fieldsOf(set) {
		if f.Name == "__typename" || (f.Name != "id" && isLeaf(c.named(f.Definition))) {
			return nil
		}
	}
	return fmt.Errorf("interface without __typename or a leaf other than id")
}

// object: a leaf (at any depth: some objects have only object fields); id when the type has
// one; a page's items with a leaf; one list of entities with a leaf when it has no id.
func (c checker) object(t *ast.Definition, set ast.SelectionSet) error {
	if !c.leafUnder(set) {
		return fmt.Errorf("%s without a leaf", t.Name)
	}
	if p := c.pageList(t); p != nil && !c.leafUnder(subSets(selected(set, p.Name))) {
		return fmt.Errorf("page %s without its %s", t.Name, p.Name)
	}
	if t.Fields.ForName("id") != nil {
		if len(selected(set, "id")) == 0 {
			return fmt.Errorf("%s without id", t.Name)
		}
		if other := c.otherThanID(t); other != "" && !c.beyondID(set) {
			return fmt.Errorf("%s with nothing but its id (the agent gets back what it passed in), though it has %s", t.Name, other)
		}
		return nil
	}
	lists := c.entityLists(t)
	if len(lists) == 0 || c.identifies(t, set) {
		return nil
	}
	// an aggregate (Hasura's users_aggregate { aggregate nodes }) answers with its aggregate:
	// its rows may be left to the list tool (docs/selection.md, "Aggregates")
	if agg := t.Fields.ForName("aggregate"); agg != nil && agg.Type.Elem == nil && c.hasLeaf(subSets(selected(set, "aggregate"))) {
		return nil
	}
	for _, name := range lists {
		if c.hasLeaf(subSets(selected(set, name))) {
			return nil
		}
	}
	return fmt.Errorf("%s without any of its entity lists %v", t.Name, lists)
}

// keyName: a leaf name that says which record this is, where a type has no id field (EverShop's
// Product { productId uuid name }, Cart { cartId }, Shopify's ShopLocale { locale name }).
var keyName = regexp.MustCompile(`^(_id|uuid|key|code|handle|slug|sku|name|title)$`)

// identifies: set selects a leaf of t's own that identifies the record: ID-typed, a key or a
// name, or <type>Id. Such an object is a record, not a container, so its lists of entities are
// relations: a list result leaves them out by design (ten products × their galleries is a page
// per row), and a single one gets them as its one hop only when it has an id to hop from. The
// entity-list requirement is for containers, whose only content is their lists
// (DeliveryCarrierServiceAndLocations { carrierService locations }).
func (c checker) identifies(t *ast.Definition, set ast.SelectionSet) bool {
	for _, f := range fieldsOf(set) {
		d := t.Fields.ForName(f.Name)
		if d == nil || !isLeaf(c.named(d)) || d.Type.Elem != nil {
			continue
		}
		if d.Type.Name() == "ID" || keyName.MatchString(f.Name) || strings.EqualFold(f.Name, t.Name+"Id") {
			return true
		}
	}
	return false
}

// entityLists names the list fields of t whose elements have an id.
func (c checker) entityLists(t *ast.Definition) []string {
	var out []string
	for _, f := range t.Fields {
		e := c.named(f)
		if f.Type.Elem != nil && !deprecated(f) && e != nil && (e.Kind == ast.Object || e.Kind == ast.Interface) && keyed(e) {
			out = append(out, f.Name)
		}
	}
	return out
}

// keyed: t has an id, or a Mongo-style _id (Unchained's Product).
func keyed(t *ast.Definition) bool {
	return t.Fields.ForName("id") != nil || t.Fields.ForName("_id") != nil
}

func (c checker) hasLeaf(set ast.SelectionSet) bool {
	for _, f := range fieldsOf(set) {
		if f.Name != "__typename" && isLeaf(c.named(f.Definition)) {
			return true
		}
	}
	return false
}

// leafUnder: a leaf anywhere below.
func (c checker) leafUnder(set ast.SelectionSet) bool {
	for _, f := range fieldsOf(set) {
		if f.Name != "__typename" && (isLeaf(c.named(f.Definition)) || c.leafUnder(f.SelectionSet)) {
			return true
		}
	}
	return false
}

// fieldsOf lists the fields of a selection set, fragments opened up.
func fieldsOf(set ast.SelectionSet) []*ast.Field {
	var out []*ast.Field
	for _, s := range set {
		if f, ok := s.(*ast.Field); ok {
			out = append(out, f)
		} else if _, sub := fragment(s); sub != nil {
			out = append(out, fieldsOf(sub)...)
		}
	}
	return out
}

// fragment returns the type condition and selection of an inline fragment or fragment spread.
func fragment(s ast.Selection) (string, ast.SelectionSet) {
	switch s := s.(type) {
	case *ast.InlineFragment:
		return s.TypeCondition, s.SelectionSet
	case *ast.FragmentSpread:
		if s.Definition != nil {
			return s.Definition.TypeCondition, s.Definition.SelectionSet
		}
	}
	return "", nil
}

// selected lists the fields named name in a selection set (through fragments).
func selected(set ast.SelectionSet, name string) []*ast.Field {
	var out []*ast.Field
	for _, f := range fieldsOf(set) {
		if f.Name == name {
			out = append(out, f)
		}
	}
	return out
}

// subSets joins the selection sets of fields.
func subSets(fs []*ast.Field) ast.SelectionSet {
	var out ast.SelectionSet
	for _, f := range fs {
		out = append(out, f.SelectionSet...)
	}
	return out
}

// otherThanID names a selectable field of t besides id that is not a credential, or "".
func (c checker) otherThanID(t *ast.Definition) string {
	for _, f := range t.Fields {
		if f.Name != "id" && selectable(f) && !c.credential(t, f) {
			return f.Name
		}
	}
	return ""
}

// beyondID: a field other than id and __typename with a leaf, itself or below it.
func (c checker) beyondID(set ast.SelectionSet) bool {
	for _, f := range fieldsOf(set) {
		if f.Name != "id" && f.Name != "__typename" && (isLeaf(c.named(f.Definition)) || c.leafUnder(f.SelectionSet)) {
			return true
		}
	}
	return false
}
