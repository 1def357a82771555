package usefultest

// This file recognises the shapes docs/selection.md adds: pages of any style (a list and a count
// or a next-page marker on an object without an id) and value objects (small objects without an id made of leaves and
// other value objects: money, addresses, localized text).

import (
	"regexp"
	"slices"

	"github.com/vektah/gqlparser/v2/ast"
)

// pageListNames are the list fields that hold a page's items, most likely first.
var pageListNames = []string{"items", "nodes", "results", "content", "data", "edges", "entries", "records", "rows", "hits", "elements", "list"}

var (
	// countName is a page's count: count, total, totalItems, totalCount, itemCount, …
	countName = regexp.MustCompile(`^(count|total.*|.*Count)$`)
	// moreName says there is a next page or where it starts: hasNextPage, nextToken, …
	moreName = regexp.MustCompile(`^(has(Next|More)\w*|(next|end|last)?[cC]ursor|next(Page)?(Token|Cursor)?|(next)?[cC]ontinuation(Token)?|(next)?[pP]ageToken)$`)
)

// maxValueDepth bounds how deep a value object nests (TaxedMoney { gross { amount } } is 2).
const maxValueDepth = 3

// pageList returns the items field when t is a page of any style, else nil: an object without
// an id that is not a connection, with a count or a next-page marker and a list of items (a known list name, or else
// the only list of objects).
func (c checker) pageList(t *ast.Definition) *ast.FieldDefinition {
	if t == nil || t.Kind != ast.Object || keyed(t) || c.connectionList(t) != nil || t.Fields.ForName("node") != nil {
		return nil // an edge's cursor is no next-page marker
	}
	marked := false
	for _, f := range t.Fields {
		marked = marked || (f.Type.Elem == nil && isLeaf(c.named(f)) && (countName.MatchString(f.Name) || moreName.MatchString(f.Name)))
	}
	if !marked {
		return nil
	}
	for _, name := range pageListNames {
		if f := t.Fields.ForName(name); f != nil && f.Type.Elem != nil && selectable(f) {
			return f
		}
	}
	var lists []*ast.FieldDefinition
	for _, f := range t.Fields {
		if n := c.named(f); f.Type.Elem != nil && selectable(f) && n != nil && !isLeaf(n) {
			lists = append(lists, f)
		}
	}
	if len(lists) == 1 {
		return lists[0]
	}
	return nil
}

// valueObject: an object without an id, not a page or connection, whose selectable fields are
// all leaves or value objects, with at least one leaf somewhere.
func (c checker) valueObject(t *ast.Definition, path []string) bool {
	if t == nil || t.Kind != ast.Object || t.Fields.ForName("id") != nil || len(path) >= maxValueDepth || slices.Contains(path, t.Name) {
		return false
	}
	if c.connectionList(t) != nil || c.pageList(t) != nil {
		return false
	}
	leaf := false
	for _, f := range t.Fields {
		if !selectable(f) {
			continue
		}
		n := c.named(f)
		switch {
		case isLeaf(n):
			leaf = true
		case c.valueObject(n, append(slices.Clip(path), t.Name)):
			leaf = true
		default:
			return false
		}
	}
	return leaf
}
