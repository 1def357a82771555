package gqlschema

import (
	"fmt"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// bounds.go refuses a schema whose member lists would make validation take minutes. gqlparser
// checks a type's fields, an enum's values, a field's arguments and a type's interfaces for
// duplicates pairwise: an enum of 100,000 values (1 MB of SDL, or a hostile server's
// introspection answer) took 10 s, and one of a million would take hours. duplicates already
// found them in linear time, so what is left to bound is the pairs gqlparser compares.
// toolgen introspect checks the SDL it prints the same way (internal/introspect), before
// gqlparser loads it.

// maxMembers is the most members one list may have. The largest real lists are root types of a
// few thousand fields (a Hasura API's query_root) and enums of a few thousand values.
const maxMembers = 20_000

// maxPairs bounds the pairs gqlparser compares over the whole schema, the sum of n² over its
// lists: about two seconds. GitHub's schema has 270 thousand, Shopify's Admin API 808 thousand (its largest list: 524).
const maxPairs = 1_000_000_000

// TooLarge reports the lists over maxMembers, positioned at their type, or the whole schema
// when its lists together pass maxPairs. A type's extensions count with it, as gqlparser
// merges them before validating.
func TooLarge(name string, doc *ast.SchemaDocument) diag.List {
	type list struct {
		n   int
		pos *ast.Position
	}
	lists := map[string]*list{}
	count := func(key string, n int, pos *ast.Position) {
		if n == 0 {
			return
		}
		l := lists[key]
		if l == nil {
			l = &list{pos: pos}
			lists[key] = l
		}
		l.n += n
	}
	for _, defs := range []ast.DefinitionList{doc.Definitions, doc.Extensions} {
		for _, def := range defs {
			count("fields of type "+def.Name, len(def.Fields), def.Position)
			count("values of enum "+def.Name, len(def.EnumValues), def.Position)
			count("interfaces of type "+def.Name, len(def.Interfaces), def.Position)
			count("members of union "+def.Name, len(def.Types), def.Position)
			for _, f := range def.Fields {
				count(fmt.Sprintf("arguments of %s.%s", def.Name, f.Name), len(f.Arguments), f.Position)
			}
		}
	}
	for _, d := range doc.Directives {
		count("arguments of directive @"+d.Name, len(d.Arguments), d.Position)
	}
	var ds diag.List
	pairs, largest, largestKey := 0, 0, ""
	for key, l := range lists {
		pairs += l.n * l.n
		if l.n > largest || l.n == largest && key < largestKey {
			largest, largestKey = l.n, key
		}
		if l.n > maxMembers {
			where, line, col := name, 0, 0 // a document built, not parsed (introspection), has no positions
			if l.pos != nil && l.pos.Src != nil {
				where, line, col = file(l.pos), l.pos.Line, l.pos.Column
			}
			ds.Add(where, line, col, fmt.Sprintf("the %s number %d, over toolgen's limit of %d: no API needs that many, and checking them would take minutes", key, l.n, maxMembers),
				"give toolgen a schema without it (a hostile or broken server's answer?); report it if your API really has one")
		}
	}
	if len(ds) == 0 && pairs > maxPairs {
		ds.Add(name, 0, 0, fmt.Sprintf("the schema's lists of fields, values and arguments are too large together to check (the largest: the %s, %d)", largestKey, largest),
			"give toolgen a schema that is not this large (a hostile or broken server's answer?); report it if your API really is")
	}
	ds.Sort()
	return ds
}
