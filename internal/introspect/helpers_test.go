package introspect

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// answer is what a spec-complete server answers to Query(AllFeatures()) for the schema in sdl:
// the test's stand-in for a server with every optional feature (the demo server lacks some).
func answer(t testing.TB, sdl string) []byte { return answerOf(t, sdl, true) }

// answerOf is answer, leaving out the built-in types and directives unless builtins is set:
// compact seeds keep the fuzzer fast.
func answerOf(t testing.TB, sdl string, builtins bool) []byte {
	t.Helper()
	s, err := gqlparser.LoadSchema(&ast.Source{Name: "test.graphql", Input: sdl})
	if err != nil {
		t.Fatalf("test schema: %v", err)
	}
	root := func(d *ast.Definition) any {
		if d == nil {
			return nil
		}
		return map[string]string{"name": d.Name}
	}
	var types []any
	for _, name := range sortedKeys(s.Types) {
		if !builtins && s.Types[name].BuiltIn {
			continue
		}
		types = append(types, fullType(s.Types[name]))
	}
	var dirs []any
	for _, name := range sortedKeys(s.Directives) {
		d := s.Directives[name]
		// gqlparser's prelude has @defer; a server lists it only when its schema defines it.
		if d.Position != nil && d.Position.Src.BuiltIn && (!builtins || d.Name == "defer") {
			continue
		}
		locs := make([]string, len(d.Locations))
		for i, l := range d.Locations {
			locs[i] = string(l)
		}
		dirs = append(dirs, map[string]any{"name": d.Name, "description": desc(d.Description),
			"isRepeatable": d.IsRepeatable, "locations": locs, "args": inputValues(d.Arguments)})
	}
	b, err := json.Marshal(map[string]any{"data": map[string]any{"__schema": map[string]any{
		"description": desc(s.Description), "queryType": root(s.Query), "mutationType": root(s.Mutation),
		"subscriptionType": root(s.Subscription), "types": types, "directives": dirs,
	}}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func fullType(d *ast.Definition) map[string]any {
	out := map[string]any{"kind": string(d.Kind), "name": d.Name, "description": desc(d.Description),
		"specifiedByURL": nil, "isOneOf": d.Directives.ForName("oneOf") != nil}
	if sb := d.Directives.ForName("specifiedBy"); sb != nil {
		out["specifiedByURL"] = sb.Arguments.ForName("url").Value.Raw
	}
	switch d.Kind {
	case ast.Object, ast.Interface:
		var fields []any
		for _, f := range d.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			is, reason := deprecation(f.Directives)
			fields = append(fields, map[string]any{"name": f.Name, "description": desc(f.Description),
				"args": inputValues(f.Arguments), "type": typeRefOf(f.Type), "isDeprecated": is, "deprecationReason": reason})
		}
		out["fields"] = fields
		out["interfaces"] = refs(d.Interfaces)
	case ast.Union:
		out["possibleTypes"] = refs(d.Types)
	case ast.Enum:
		var vals []any
		for _, v := range d.EnumValues {
			is, reason := deprecation(v.Directives)
			vals = append(vals, map[string]any{"name": v.Name, "description": desc(v.Description), "isDeprecated": is, "deprecationReason": reason})
		}
		out["enumValues"] = vals
	case ast.InputObject:
		var args ast.ArgumentDefinitionList
		for _, f := range d.Fields {
			args = append(args, &ast.ArgumentDefinition{Name: f.Name, Description: f.Description, Type: f.Type, DefaultValue: f.DefaultValue, Directives: f.Directives})
		}
		out["inputFields"] = inputValues(args)
	}
	return out
}

func inputValues(args ast.ArgumentDefinitionList) []any {
	out := []any{}
	for _, a := range args {
		is, reason := deprecation(a.Directives)
		var def any
		if a.DefaultValue != nil {
			def = a.DefaultValue.String()
		}
		out = append(out, map[string]any{"name": a.Name, "description": desc(a.Description), "type": typeRefOf(a.Type),
			"defaultValue": def, "isDeprecated": is, "deprecationReason": reason})
	}
	return out
}

func deprecation(ds ast.DirectiveList) (bool, any) {
	d := ds.ForName("deprecated")
	if d == nil {
		return false, nil
	}
	if a := d.Arguments.ForName("reason"); a != nil {
		return true, a.Value.Raw
	}
	return true, defaultReason
}

func typeRefOf(t *ast.Type) map[string]any {
	var inner map[string]any
	if t.Elem != nil {
		inner = map[string]any{"kind": "LIST", "name": nil, "ofType": typeRefOf(t.Elem)}
	} else {
		inner = map[string]any{"kind": "NAMED", "name": t.NamedType, "ofType": nil}
	}
	if t.NonNull {
		return map[string]any{"kind": "NON_NULL", "name": nil, "ofType": inner}
	}
	return inner
}

func refs(names []string) []any {
	out := []any{}
	for _, n := range names {
		out = append(out, map[string]any{"kind": "OBJECT", "name": n})
	}
	return out
}

func desc(s string) any {
	if s == "" {
		return nil
	}
	return s
}
