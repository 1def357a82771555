package starter

// rank.go orders the query root fields by what an agent is most likely to need, so that a
// starter for a huge API enables a usable set within a token budget: the main entities' get,
// list and search fields first. A main entity is an object type with an id that many fields of
// the schema return (its in-degree: Repository is returned by hundreds of GitHub's fields,
// CodeOfConduct by a few); an undescribed get/list/search of an entity gets a description
// written from the schema, so a schema without descriptions still yields a starter that works.

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// DefaultBudget is toolgen init's -budget: the tokens of tool definitions the printed tools may
// cost together. About 15k keeps a starter well under an MCP host's 25k-token warning and
// leaves most of a small model's window to the conversation.
const DefaultBudget = 15_000

// access is how a root field reaches its entity.
type access int

const (
	other  access = iota
	get           // one entity by an argument: product(id:), repository(owner:, name:)
	list          // a page or list of entities: products(first:), orders
	search        // a search: its name says so
)

// weight is how much each access counts: an agent looks things up, lists and searches first.
var weight = map[access]float64{other: 1, get: 3, list: 3, search: 3}

// classify says how f reaches which entity: the object, interface or union with an id it
// returns, directly, as a list, or as the items of a Relay connection or a page.
func classify(s *ast.Schema, f *ast.FieldDefinition) (access, *ast.Definition) {
	t, many := s.Types[f.Type.Name()], f.Type.Elem != nil
	if t != nil && !isEntity(t) {
		if item := pageItem(s, t); item != nil {
			t, many = item, true
		}
	}
	if strings.Contains(strings.ToLower(f.Name), "search") {
		return search, t
	}
	switch {
	case t == nil || !isEntity(t):
		return other, nil
	case many:
		return list, t
	case len(f.Arguments) > 0:
		return get, t
	}
	return other, t
}

// isEntity: a type with an identity, or a union of types (search results).
func isEntity(t *ast.Definition) bool {
	return (t.Kind == ast.Object || t.Kind == ast.Interface) && t.Fields.ForName("id") != nil || t.Kind == ast.Union
}

// pageItem is the item type of a page: a Relay connection's edges.node, or the one list of
// entities a page object without an id holds, whatever its name (nodes, items, content,
// results); nil when t is no page.
func pageItem(s *ast.Schema, t *ast.Definition) *ast.Definition {
	if t.Kind != ast.Object || t.Fields.ForName("id") != nil {
		return nil
	}
	if e := t.Fields.ForName("edges"); e != nil && e.Type.Elem != nil {
		if edge := s.Types[e.Type.Name()]; edge != nil {
			if n := edge.Fields.ForName("node"); n != nil {
				return s.Types[n.Type.Name()]
			}
		}
	}
	var item *ast.Definition
	for _, f := range t.Fields {
		if r := s.Types[f.Type.Name()]; f.Type.Elem != nil && r != nil && isEntity(r) {
			if item != nil && item != r {
				return nil // two lists of different things: not a page
			}
			item = r
		}
	}
	return item
}

// inDegree counts, for each type, the fields of the schema's object and interface types that
// return it (lists and pages included: a connection's item counts for its type).
func inDegree(s *ast.Schema) map[string]int {
	n := map[string]int{}
	for _, t := range s.Types {
		if (t.Kind != ast.Object && t.Kind != ast.Interface) || strings.HasPrefix(t.Name, "__") {
			continue
		}
		for _, f := range t.Fields {
			r := s.Types[f.Type.Name()]
			if r == nil {
				continue
			}
			if item := pageItem(s, r); item != nil && !isEntity(r) {
				r = item
			}
			n[r.Name]++
		}
	}
	return n
}

// rankFields sets each query field's score and entity, and returns the queries best first;
// equal scores keep schema order.
func rankFields(s *ast.Schema, fields []*field) []*field {
	deg := inDegree(s)
	var out []*field
	for _, f := range fields {
		if f.mutation || f.def == nil {
			continue
		}
		a, t := classify(s, f.def)
		f.access = a
		f.score = weight[a]
		if t != nil {
			f.entity = t.Name
			f.score *= math.Log2(2 + float64(deg[t.Name]))
		}
		out = append(out, f)
	}
	slices.SortStableFunc(out, func(a, b *field) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	return out
}

// written is a description from the schema for an undescribed get, list or search of an
// entity, or "": what it returns and what it takes, so the model can tell it from its
// neighbours. toolgen init prints it for a person to improve.
func written(f *field) string {
	if f.described || f.entity == "" || f.access == other || f.plumbing != "" {
		return ""
	}
	var args []string
	for _, a := range f.def.Arguments {
		args = append(args, a.Name)
	}
	by := ""
	if len(args) > 0 {
		by = " by " + strings.Join(args, ", ")
	}
	switch f.access {
	case get:
		return fmt.Sprintf("Returns one %s, looked up%s.", f.entity, by)
	case list:
		return fmt.Sprintf("Lists %s items%s.", f.entity, strings.Replace(by, " by ", ", filtered or paged by ", 1))
	}
	return fmt.Sprintf("Searches %s%s.", f.entity, by)
}

// enable marks, in rank order, the usable queries whose tokens fit the budget together; the
// rest of the usable ones are left out with the budget as the reason.
func enable(ranked []*field, budget int) {
	used := 0
	for _, f := range ranked {
		if !f.usable() {
			continue
		}
		if used+f.tokens > budget {
			f.overBudget = budget
			continue
		}
		used += f.tokens
	}
}
