package moviedb

// This file is the original's QueryDepthInstrumentation, which runs before validation: every field
// counts 1 plus the depth of its selection, fragments count 0 (each fragment is followed once per
// path, so a cycle cannot loop), and the deepest operation in the document decides.
// gqlparser only parses here; graphql-go validates and executes afterwards.

import (
	"errors"
	"fmt"

	gqlerrors "github.com/graph-gophers/graphql-go/errors"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// maxQueryDepth is graphql.max-query-depth of the service's yaml; the standard introspection
// query is 13 deep, so 15 leaves GraphiQL and code generators working.
const maxQueryDepth = 15

// depthCounter measures selection depth with the document's fragments at hand.
type depthCounter struct {
	fragments map[string]*ast.FragmentDefinition
	visiting  map[string]bool
	memo      map[string]int // a fragment's depth; memoised so repeated spreads cost nothing
}

// queryDepth returns the deepest operation's depth.
func queryDepth(doc *ast.QueryDocument) int {
	d := depthCounter{fragments: map[string]*ast.FragmentDefinition{}, visiting: map[string]bool{}, memo: map[string]int{}}
	for _, f := range doc.Fragments {
		d.fragments[f.Name] = f
	}
	deepest := 0
	for _, op := range doc.Operations {
		deepest = max(deepest, d.set(op.SelectionSet))
	}
	return deepest
}

func (d *depthCounter) set(sel ast.SelectionSet) int {
	deepest := 0
	for _, s := range sel {
		switch s := s.(type) {
		case *ast.Field:
			deepest = max(deepest, 1+d.set(s.SelectionSet))
		case *ast.InlineFragment:
			deepest = max(deepest, d.set(s.SelectionSet))
		case *ast.FragmentSpread:
			deepest = max(deepest, d.spread(s.Name))
		}
	}
	return deepest
}

func (d *depthCounter) spread(name string) int {
	if n, ok := d.memo[name]; ok {
		return n
	}
	f, ok := d.fragments[name]
	if !ok || d.visiting[name] {
		return 0 // unknown fragments are validation's business; a cycle adds nothing
	}
	d.visiting[name] = true
	n := d.set(f.SelectionSet)
	delete(d.visiting, name)
	d.memo[name] = n
	return n
}

// precheck is what happens before graphql-go sees a query: parsing (gqlparser caps nesting at
// 1000, so a pathological document never reaches a recursive executor), the depth limit, the
// alias and cost limits (cost.go), and the subscription refusal. It returns nil when the query may run.
func precheck(query, operationName string, vars map[string]any) *gqlerrors.QueryError {
	doc, err := parser.ParseQuery(&ast.Source{Name: "request", Input: query})
	if err != nil {
		return syntaxError(err)
	}
	if depth := queryDepth(doc); depth > maxQueryDepth {
		return &gqlerrors.QueryError{
			Message:    fmt.Sprintf("Query depth %d exceeds maximum allowed depth of %d", depth, maxQueryDepth),
			Extensions: map[string]any{"classification": classAborted},
		}
	}
	if qe := checkCost(doc, operationName, vars); qe != nil {
		return qe
	}
	if op := selectedOperation(doc, operationName); op != nil && op.Operation == ast.Subscription {
		e := notAvailable(firstFieldName(op.SelectionSet, "subscriptions")).(*gqlError)
		return &gqlerrors.QueryError{Message: e.message, Extensions: e.ext}
	}
	return nil
}

// syntaxError renders a gqlparser error with its position, classified as graphql-java does.
func syntaxError(err error) *gqlerrors.QueryError {
	qe := &gqlerrors.QueryError{Message: err.Error(), Extensions: map[string]any{"classification": "InvalidSyntax"}}
	var ge *gqlerror.Error
	if errors.As(err, &ge) {
		qe.Message = ge.Message
		for _, l := range ge.Locations {
			qe.Locations = append(qe.Locations, gqlerrors.Location{Line: l.Line, Column: l.Column})
		}
	}
	return qe
}

// selectedOperation is the operation a request runs, or nil when that is ambiguous.
func selectedOperation(doc *ast.QueryDocument, name string) *ast.OperationDefinition {
	if name == "" && len(doc.Operations) == 1 {
		return doc.Operations[0]
	}
	if name == "" {
		return nil
	}
	return doc.Operations.ForName(name)
}

// firstFieldName names the first field of a selection, or fallback.
func firstFieldName(sel ast.SelectionSet, fallback string) string {
	for _, s := range sel {
		if f, ok := s.(*ast.Field); ok {
			return f.Name
		}
	}
	return fallback
}
