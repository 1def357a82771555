package catdiff

import (
	"encoding/json"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// base is the catalog every golden case starts from: two roles, a read with a nested filter,
// a recursive input reached through $defs, and a write that needs approval; person needs a
// login and addItem a login and a scope (Federation's @authenticated and @requiresScopes).
func base() *catalog.Catalog {
	return &catalog.Catalog{
		GeneratedBy: catalog.GeneratedBy, Encoding: catalog.Encoding, Toolgen: catalog.ToolgenVersion,
		Inputs: "sha256:" + strings.Repeat("ab", 32),
		Roles: map[string]catalog.Role{
			"concierge": {Description: "Finds titles.", Tools: 3, Tokens: 300},
			"support":   {Description: "Reads only.", Tools: 2, Tokens: 200},
		},
		Tools: []catalog.Tool{
			{
				Name: "movies", Kind: catalog.Query, Roles: []string{},
				Description: "Returns a page of movies, optionally filtered by genre and year. Use search for free text.",
				InputSchema: schema(`{"type":"object","properties":{
					"filter":{"type":"object","properties":{
						"genre":{"type":"string","enum":["ACTION","DRAMA"],"description":"Only movies of this genre."},
						"minYear":{"type":"integer","minimum":1900},
						"title":{"type":"string","maxLength":100,"pattern":"^[A-Za-z ]+$"}},
						"additionalProperties":false},
					"where":{"$ref":"#/$defs/Where"},
					"size":{"type":"integer","default":10,"description":"Page size."}},
					"additionalProperties":false,
					"$defs":{"Where":{"type":"object","properties":{
						"and":{"type":"array","items":{"$ref":"#/$defs/Where"}},
						"rating":{"type":"number"}},"additionalProperties":false}}}`),
				Operation:     "query Tool_movies($filter: MovieFilter, $where: Where, $size: Int = 10) { movies(filter: $filter, where: $where, size: $size, sort: TITLE) { content { id title releaseYear } total } }",
				OperationName: "Tool_movies", Tokens: 100, Approval: catalog.ApprovalNone, Selection: "override",
			},
			{
				Name: "person", Kind: catalog.Query, Roles: []string{},
				Description: "Returns a person by database identifier, with the roles that connect them to movies.",
				InputSchema: schema(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}`),
				Operation:   "query Tool_person($id: ID!) { person(id: $id) { id name } }", OperationName: "Tool_person",
				Tokens: 100, Approval: catalog.ApprovalNone, Selection: "generated",
				Access: []catalog.Access{{Where: "Query.person", Needs: "an authenticated caller"}},
			},
			{
				Name: "addItem", Kind: catalog.Mutation, Roles: []string{"concierge"},
				Description: "Adds a title to one of the signed-in user's watch lists and returns the new item.",
				InputSchema: schema(`{"type":"object","properties":{"input":{"type":"object","properties":{"listId":{"type":"string"},"titleId":{"type":"string"},"notes":{"type":"string"}},"required":["listId","titleId"],"additionalProperties":false}},"required":["input"],"additionalProperties":false}`),
				Operation:   "mutation Tool_addItem($input: AddItemInput!) { addItem(input: $input) { success item { id } } }", OperationName: "Tool_addItem",
				Tokens: 100, Approval: catalog.ApprovalRequired, Selection: "generated", SingleObjectArgument: "input",
				Access: []catalog.Access{{Where: "Mutation.addItem", Needs: "an authenticated caller; scopes write:lists"}},
			},
		},
	}
}

// schema compacts a JSON literal the way the compiler writes input schemas.
func schema(s string) json.RawMessage {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic("bad test schema: " + err.Error())
	}
	b, _ := json.Marshal(v)
	return b
}

// edit changes one tool's input schema through a decoded map.
func editSchema(t *catalog.Tool, fn func(m map[string]any)) {
	var m map[string]any
	_ = json.Unmarshal(t.InputSchema, &m)
	fn(m)
	t.InputSchema, _ = json.Marshal(m)
}

// at walks decoded JSON by keys.
func at(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		m = m[k].(map[string]any)
	}
	return m
}

// retotal recomputes the roles' totals after an edit, as the compiler would.
func retotal(c *catalog.Catalog) {
	for name, r := range c.Roles {
		r.Tools, r.Tokens = 0, 0
		for _, t := range c.Tools {
			if t.VisibleTo(name) {
				r.Tools++
				r.Tokens += t.Tokens
			}
		}
		c.Roles[name] = r
	}
}
