package introspect

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// fakeServer answers introspection as a GraphQL server with the optional parts in has does: a
// query asking for a part it lacks is refused with graphql-js's validation message, __type
// queries are answered with the introspection types' fields (all the probe asks), and
// __schema queries with the schema in sdl, holding only the optional parts the query asked for.
// It stands in for the node servers this behaviour was learnt from (graphql-js 14 to 17,
// graphql-yoga 5, Apollo Server 4 and 5, graphql-http), so the tests need no node.
type fakeServer struct {
	t          testing.TB
	sdl        string
	has        Features
	refuseType bool // answers any __type query with an error, as some gateways do
	maxDepth   int  // refuses deeper queries, counted as graphql-depth-limit counts (0: no limit)
	// planner is what a __schema query may ask, when it is less than has (which the probe
	// reports): @apollo/gateway 2.14's query planner refuses isOneOf, with HTTP 500, although
	// its graphql-js answers the probe with it.
	planner *Features
	// service answers `{ _service { sdl } }` as a federation subgraph does; "" refuses it.
	service string

	mu      sync.Mutex
	queries []string
}

// graphqlJS15 and graphqlJS14 are what those graphql-js versions implement.
var (
	graphqlJS15 = Features{SchemaDescription: true, SpecifiedBy: "specifiedByUrl", DeprecatedArgs: true,
		DeprecatedInputFields: true, DeprecatedDirArgs: true, Repeatable: true}
	graphqlJS14 = Features{}
)

// start serves f on loopback until the test ends.
func (f *fakeServer) start() string {
	srv := httptest.NewServer(f)
	f.t.Cleanup(srv.Close)
	return srv.URL + "/graphql"
}

func (f *fakeServer) asked() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.queries)
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct{ Query string }
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		reply(w, 400, map[string]any{"errors": []any{map[string]string{"message": "bad json"}}})
		return
	}
	f.mu.Lock()
	f.queries = append(f.queries, req.Query)
	f.mu.Unlock()
	if strings.Contains(req.Query, "_service") {
		f.serve(w)
		return
	}
	doc, err := parser.ParseQuery(&ast.Source{Input: req.Query})
	if err != nil {
		reply(w, 400, errorsAnswer(err.Error()))
		return
	}
	if d := depth(doc); f.maxDepth > 0 && d > f.maxDepth {
		reply(w, 400, errorsAnswer(fmt.Sprintf("'%s' exceeds maximum operation depth of %d", doc.Operations[0].Name, f.maxDepth)))
		return
	}
	q := readQuery(doc)
	if f.refuseType && q.usesType {
		reply(w, 200, errorsAnswer("__type is not supported"))
		return
	}
	if msgs := f.refusals(q, f.has); len(msgs) > 0 {
		reply(w, 400, errorsAnswer(msgs...))
		return
	}
	if msgs := f.plannerRefusals(q); len(msgs) > 0 {
		reply(w, 500, errorsAnswer(msgs...))
		return
	}
	if q.usesType {
		reply(w, 200, map[string]any{"data": probeAnswer(f.has)})
		return
	}
	reply(w, 200, stripped(f.t, answer(f.t, f.sdl), q))
}

// serve answers the subgraph's SDL query.
func (f *fakeServer) serve(w http.ResponseWriter) {
	if f.service == "" {
		reply(w, 400, errorsAnswer(`Cannot query field "_service" on type "Query".`))
		return
	}
	reply(w, 200, map[string]any{"data": map[string]any{"_service": map[string]any{"sdl": f.service}}})
}

func reply(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}

func errorsAnswer(msgs ...string) map[string]any {
	var errs []any
	for _, m := range msgs {
		errs = append(errs, map[string]string{"message": m})
	}
	return map[string]any{"errors": errs}
}

// askedQuery is what a query asks of the optional parts.
type askedQuery struct {
	Features
	specifiedByKey string // the answer's key for the specifiedBy field: its alias or name
	usesType       bool
	refDepth       int // how many ofType levels fragment TypeRef reads
}

func readQuery(doc *ast.QueryDocument) askedQuery {
	var q askedQuery
	var walk func(ast.SelectionSet, string)
	walk = func(set ast.SelectionSet, parent string) {
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				dep := s.Arguments.ForName("includeDeprecated") != nil
				switch {
				case s.Name == "__type":
					q.usesType = true
				case parent == "__schema" && s.Name == "description":
					q.SchemaDescription = true
				case s.Name == "specifiedByURL" || s.Name == "specifiedByUrl":
					q.SpecifiedBy, q.specifiedByKey = s.Name, s.Alias
				case s.Name == "isOneOf":
					q.OneOf = true
				case s.Name == "isRepeatable":
					q.Repeatable = true
				case s.Name == "args" && dep && parent == "directives":
					q.DeprecatedDirArgs = true
				case s.Name == "args" && dep:
					q.DeprecatedArgs = true
				case s.Name == "inputFields" && dep:
					q.DeprecatedInputFields = true
				}
				walk(s.SelectionSet, s.Name)
			case *ast.FragmentSpread:
				if d := doc.Fragments.ForName(s.Name); d != nil {
					walk(d.SelectionSet, parent)
				}
			case *ast.InlineFragment:
				walk(s.SelectionSet, parent)
			}
		}
	}
	for _, op := range doc.Operations {
		walk(op.SelectionSet, "")
	}
	if d := doc.Fragments.ForName("TypeRef"); d != nil {
		for set := d.SelectionSet; ; q.refDepth++ {
			i := slices.IndexFunc(set, func(s ast.Selection) bool { f, ok := s.(*ast.Field); return ok && f.Name == "ofType" })
			if i < 0 {
				break
			}
			set = set[i].(*ast.Field).SelectionSet
		}
	}
	return q
}

// cutRefs cuts every type reference under v after depth ofType levels, as a server answers a
// query that reads no deeper.
func cutRefs(v any, depth int) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			cutRefs(e, depth)
		}
	case map[string]any:
		for k, e := range x {
			if k == "type" || k == "interfaces" || k == "possibleTypes" {
				cutAt(e, depth)
			} else {
				cutRefs(e, depth)
			}
		}
	}
}

func cutAt(v any, depth int) {
	if refs, ok := v.([]any); ok {
		for _, r := range refs {
			cutAt(r, depth)
		}
		return
	}
	for level := 0; ; level++ {
		r, ok := v.(map[string]any)
		if !ok {
			return
		}
		if level == depth {
			delete(r, "ofType")
			return
		}
		v = r["ofType"]
	}
}

// plannerRefusals are the errors for the parts a __schema query asks for that f.planner lacks.
func (f *fakeServer) plannerRefusals(q askedQuery) []string {
	if f.planner == nil || q.usesType {
		return nil
	}
	return f.refusals(q, *f.planner)
}

// refusals are graphql-js's validation errors for the parts q asks for that has lacks.
func (f *fakeServer) refusals(q askedQuery, has Features) []string {
	var out []string
	field := func(name, typ string) {
		out = append(out, fmt.Sprintf("Cannot query field %q on type %q.", name, typ))
	}
	arg := func(field string) {
		out = append(out, fmt.Sprintf("Unknown argument \"includeDeprecated\" on field %q.", field))
	}
	if q.SchemaDescription && !has.SchemaDescription {
		field("description", "__Schema")
	}
	if q.SpecifiedBy != "" && q.SpecifiedBy != has.SpecifiedBy {
		field(q.SpecifiedBy, "__Type")
	}
	if q.OneOf && !has.OneOf {
		field("isOneOf", "__Type")
	}
	if q.Repeatable && !has.Repeatable {
		field("isRepeatable", "__Directive")
	}
	if q.DeprecatedArgs && !has.DeprecatedArgs {
		arg("__Field.args")
	}
	if q.DeprecatedInputFields && !has.DeprecatedInputFields {
		arg("__Type.inputFields")
	}
	if q.DeprecatedDirArgs && !has.DeprecatedDirArgs {
		arg("__Directive.args")
	}
	return out
}

// probeAnswer is the data of ProbeQuery's answer from a server with the parts in f.
func probeAnswer(f Features) map[string]any {
	type fld = map[string]any
	named := func(names ...string) []any {
		var out []any
		for _, n := range names {
			if n != "" {
				out = append(out, fld{"name": n, "args": []any{}})
			}
		}
		return out
	}
	withDep := func(name string, on bool) fld {
		args := []any{}
		if on {
			args = append(args, fld{"name": "includeDeprecated"})
		}
		return fld{"name": name, "args": args}
	}
	pick := func(on bool, name string) string {
		if on {
			return name
		}
		return ""
	}
	anyDep := f.DeprecatedArgs || f.DeprecatedInputFields || f.DeprecatedDirArgs
	return map[string]any{
		"schema": fld{"fields": named("types", "queryType", "mutationType", "subscriptionType", "directives", pick(f.SchemaDescription, "description"))},
		"type": fld{"fields": append(named("kind", "name", "description", f.SpecifiedBy, pick(f.OneOf, "isOneOf"), "interfaces", "possibleTypes", "ofType"),
			withDep("fields", true), withDep("enumValues", true), withDep("inputFields", f.DeprecatedInputFields))},
		"field":      fld{"fields": append(named("name", "description", "type", "isDeprecated", "deprecationReason"), withDep("args", f.DeprecatedArgs))},
		"inputValue": fld{"fields": named("name", "description", "type", "defaultValue", pick(anyDep, "isDeprecated"), pick(anyDep, "deprecationReason"))},
		"directive":  fld{"fields": append(named("name", "description", "locations", pick(f.Repeatable, "isRepeatable")), withDep("args", f.DeprecatedDirArgs))},
	}
}

// stripped is a full answer with only the optional parts q asks for.
func stripped(t testing.TB, full []byte, q askedQuery) map[string]any {
	var a struct {
		Data struct {
			Schema map[string]any `json:"__schema"`
		} `json:"data"`
	}
	if err := json.Unmarshal(full, &a); err != nil {
		t.Fatal(err)
	}
	s := a.Data.Schema
	if !q.SchemaDescription {
		delete(s, "description")
	}
	for _, ty := range s["types"].([]any) {
		ty := ty.(map[string]any)
		url := ty["specifiedByURL"]
		delete(ty, "specifiedByURL")
		if q.SpecifiedBy != "" {
			key := q.specifiedByKey
			if key == "" {
				key = q.SpecifiedBy
			}
			ty[key] = url
		}
		if !q.OneOf {
			delete(ty, "isOneOf")
		}
		if !q.DeprecatedInputFields {
			ty["inputFields"] = undeprecated(ty["inputFields"])
		}
		if fields, ok := ty["fields"].([]any); ok && !q.DeprecatedArgs {
			for _, f := range fields {
				f := f.(map[string]any)
				f["args"] = undeprecated(f["args"])
			}
		}
	}
	for _, d := range s["directives"].([]any) {
		d := d.(map[string]any)
		if !q.Repeatable {
			delete(d, "isRepeatable")
		}
		if !q.DeprecatedDirArgs {
			d["args"] = undeprecated(d["args"])
		}
	}
	cutRefs(s, q.refDepth)
	return map[string]any{"data": map[string]any{"__schema": s}}
}

// undeprecated is a list of input values without the deprecated ones, which a server leaves
// out unless asked with includeDeprecated.
func undeprecated(v any) any {
	vs, ok := v.([]any)
	if !ok {
		return v
	}
	out := []any{}
	for _, x := range vs {
		if !x.(map[string]any)["isDeprecated"].(bool) {
			out = append(out, x)
		}
	}
	return out
}

// depth is the query's depth with fragments expanded, each field one level.
func depth(doc *ast.QueryDocument) int {
	var of func(ast.SelectionSet) int
	of = func(set ast.SelectionSet) int {
		m := 0
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				m = max(m, 1+of(s.SelectionSet))
			case *ast.FragmentSpread:
				if d := doc.Fragments.ForName(s.Name); d != nil {
					m = max(m, of(d.SelectionSet))
				}
			case *ast.InlineFragment:
				m = max(m, of(s.SelectionSet))
			}
		}
		return m
	}
	m := 0
	for _, op := range doc.Operations {
		m = max(m, of(op.SelectionSet))
	}
	return m
}
