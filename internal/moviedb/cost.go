package moviedb

// This file bounds what one query may cost before it runs, as public GraphQL APIs do (GitHub's
// node limit, Shopify's calculated cost): an alias limit, and a cost estimate in which every
// field resolved counts 1 and lists multiply what is selected inside them. A list's size is
// its page size argument (size, or first/last/limit) where it has one, the size argument of
// the page object around it (MoviePage.content takes movies(size:)), and otherwise
// unboundedList. The estimate needs the schema's field types, which gqlparser's parser gives
// without its validator (cmd/agent embeds this server, and the runtime links no validator);
// graph-gophers/graphql-go still validates and executes.

import (
	"fmt"
	"sync"

	gqlerrors "github.com/graph-gophers/graphql-go/errors"
	"github.com/toolgen/toolgen"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// Limits of one query. maxQueryCost leaves every tool of the generated catalog (the heaviest
// costs a few hundred; cost_test.go prints them) and GraphiQL's introspection query working,
// and refuses the 100-aliases-at-depth-15 query, which answered 138 MB.
const (
	maxAliases    = 30
	maxQueryCost  = 10000
	unboundedList = 20  // the estimated length of a list the query cannot bound
	maxPageSize   = 100 // the schema's @Range(max: 100) on every size argument
)

// Extension codes of the refusals; classification stays graphql-java's, as for the depth limit.
const (
	codeTooManyAliases = "TOO_MANY_ALIASES"
	codeTooCostly      = "QUERY_TOO_COSTLY"
)

// costSchema is schema.graphql's type definitions by name, parsed once for the estimate and
// read-only afterwards. The schema has no extensions and the default root type names.
var costSchema = sync.OnceValues(func() (map[string]*ast.Definition, error) {
	doc, err := parser.ParseSchema(&ast.Source{Name: "schema.graphql", Input: toolgen.Schema})
	if err != nil {
		return nil, err
	}
	types := make(map[string]*ast.Definition, len(doc.Definitions))
	for _, d := range doc.Definitions {
		types[d.Name] = d
	}
	return types, nil
})

// checkCost refuses a document over the alias limit or over the cost limit, before execution.
func checkCost(doc *ast.QueryDocument, operationName string, vars map[string]any) *gqlerrors.QueryError {
	if n := countAliases(doc); n > maxAliases {
		return costError(codeTooManyAliases, fmt.Sprintf(
			"Query uses %d aliases; at most %d are allowed. Ask for fewer copies of a field in one query.", n, maxAliases),
			map[string]any{"aliases": n, "limit": maxAliases})
	}
	cost, err := queryCost(doc, operationName, vars)
	if err != nil {
		return &gqlerrors.QueryError{Message: "schema: " + err.Error()} // the embedded schema loads; tests prove it
	}
	if cost > maxQueryCost {
		return costError(codeTooCostly, fmt.Sprintf(
			"Query cost is over %d (every field counts 1 and lists multiply; a list without a size argument counts %d items). "+
				"Lower the size arguments or select fewer nested lists.", maxQueryCost, unboundedList),
			map[string]any{"cost": cost, "limit": maxQueryCost})
	}
	return nil
}

// queryCost estimates the operation the request runs (every operation when it names none),
// saturating just above maxQueryCost.
func queryCost(doc *ast.QueryDocument, operationName string, vars map[string]any) (int, error) {
	schema, err := costSchema()
	if err != nil {
		return 0, err
	}
	c := &coster{schema: schema, vars: vars, frags: map[string]*ast.FragmentDefinition{},
		memo: map[memoKey]int{}, visiting: map[string]bool{}}
	for _, f := range doc.Fragments {
		c.frags[f.Name] = f
	}
	cost := 0
	for _, op := range doc.Operations {
		if operationName == "" || op.Name == operationName {
			cost = max(cost, c.set(op.SelectionSet, rootType(schema, op.Operation), 0))
		}
	}
	return cost, nil
}

func costError(code, msg string, more map[string]any) *gqlerrors.QueryError {
	ext := map[string]any{"code": code, "classification": classAborted}
	for k, v := range more {
		ext[k] = v
	}
	return &gqlerrors.QueryError{Message: msg, Extensions: ext}
}

func rootType(types map[string]*ast.Definition, op ast.Operation) *ast.Definition {
	switch op {
	case ast.Mutation:
		return types["Mutation"]
	case ast.Subscription:
		return types["Subscription"]
	}
	return types["Query"]
}

// countAliases counts the aliased fields written in the document, fragments included once.
func countAliases(doc *ast.QueryDocument) int {
	n := 0
	var walk func(ast.SelectionSet)
	walk = func(sel ast.SelectionSet) {
		for _, s := range sel {
			switch s := s.(type) {
			case *ast.Field:
				if s.Alias != "" && s.Alias != s.Name {
					n++
				}
				walk(s.SelectionSet)
			case *ast.InlineFragment:
				walk(s.SelectionSet)
			}
		}
	}
	for _, op := range doc.Operations {
		walk(op.SelectionSet)
	}
	for _, f := range doc.Fragments {
		walk(f.SelectionSet)
	}
	return n
}
