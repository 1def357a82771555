package compile

// answer.go reads the shape of a tool's answer off its validated operation, for the Go
// emitter's typed answers: one key per response key (aliases, repeated fields and fragment
// spreads merged as GraphQL merges them), and the fragments on some members of an interface
// or union kept apart when __typename is selected to tell them apart.

import (
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/vektah/gqlparser/v2/ast"
)

// answerShape is the answer of op: the data object's keys.
func answerShape(schema *ast.Schema, op *ast.OperationDefinition) []catalog.Selected {
	root := schema.Query
	if op.Operation == ast.Mutation {
		root = schema.Mutation
	}
	fields, _ := selectionShape(schema, root, op.SelectionSet)
	return fields
}

// selectionShape is the shape of set selected on parent: its keys, and the fragments on
// narrower types when parent is an interface or union and __typename tells them apart.
func selectionShape(schema *ast.Schema, parent *ast.Definition, set ast.SelectionSet) ([]catalog.Selected, []catalog.Member) {
	var fields []catalog.Selected
	var members []catalog.Member
	add := func(on *ast.Definition, sub ast.SelectionSet) {
		if on == nil {
			on = parent
		}
		f, m := selectionShape(schema, on, sub)
		types := common(possible(schema, parent), possible(schema, on))
		if len(types) == len(possible(schema, parent)) { // applies to every value: the same object
			fields = mergeAll(fields, f, false, true)
			members = mergeMembers(members, m)
			return
		}
		members = mergeMembers(members, []catalog.Member{{On: on.Name, Types: types, Fields: f}})
		for _, n := range m { // a fragment inside a fragment applies where both do
			n.Types = common(types, n.Types)
			members = mergeMembers(members, []catalog.Member{n})
		}
	}
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			fields = merge(fields, fieldShape(schema, s), false, true)
		case *ast.InlineFragment:
			add(schema.Types[s.TypeCondition], s.SelectionSet)
		case *ast.FragmentSpread:
			if s.Definition != nil {
				add(schema.Types[s.Definition.TypeCondition], s.Definition.SelectionSet)
			}
		}
	}
	if len(members) > 0 && !slices.ContainsFunc(fields, func(f catalog.Selected) bool { return f.Field == "__typename" }) {
		// Nothing names the member a value is: its keys are the fields', present on some values.
		for _, m := range members {
			fields = mergeAll(fields, m.Fields, true, true)
		}
		members = nil
	}
	return fields, members
}

// fieldShape is one selected field; its own selection when it returns an object.
func fieldShape(schema *ast.Schema, f *ast.Field) catalog.Selected {
	out := catalog.Selected{Key: f.Alias, Field: f.Name, Type: catalog.TypeRef{Named: "String", NonNull: true}}
	if out.Key == "" {
		out.Key = f.Name
	}
	if f.Name == "__typename" || f.Definition == nil { // the validator's own definition is nullable
		return out
	}
	out.Type, out.Description = typeRef(f.Definition.Type), strings.TrimSpace(f.Definition.Description)
	if def := schema.Types[f.Definition.Type.Name()]; def != nil && len(f.SelectionSet) > 0 {
		out.Fields, out.Members = selectionShape(schema, def, f.SelectionSet)
	}
	return out
}

// merge adds s to fields, merging its selection into a key already there; optional keys
// (present on some members only) are nullable. A slice that may be shared is copied before it
// changes (a shape may be shared by a fragment used twice); own says fields is selectionShape's
// own list, always a copy merge made, so a new key goes on its end in place: copying the list
// at every key made GitHub's answers cost 37 MB of copies per run.
func merge(fields []catalog.Selected, s catalog.Selected, optional, own bool) []catalog.Selected {
	i := slices.IndexFunc(fields, func(f catalog.Selected) bool { return f.Key == s.Key })
	if i < 0 {
		if optional {
			s.Type.NonNull = false
		}
		if !own {
			fields = slices.Clip(fields)
		}
		return append(fields, s)
	}
	fields = slices.Clone(fields)
	f := &fields[i]
	f.Fields = mergeAll(f.Fields, s.Fields, false, false)
	f.Members = mergeMembers(f.Members, s.Members)
	return fields
}

func mergeAll(fields, more []catalog.Selected, optional, own bool) []catalog.Selected {
	for _, s := range more {
		fields = merge(fields, s, optional, own)
	}
	return fields
}

// mergeMembers adds more to members, merging fragments on the same type.
func mergeMembers(members, more []catalog.Member) []catalog.Member {
	for _, m := range more {
		i := slices.IndexFunc(members, func(x catalog.Member) bool { return x.On == m.On })
		if i < 0 {
			members = append(slices.Clip(members), m)
			continue
		}
		members = slices.Clone(members)
		members[i].Fields = mergeAll(members[i].Fields, m.Fields, false, false)
	}
	return members
}

// possible lists the object types a value of def can be, in schema order.
func possible(schema *ast.Schema, def *ast.Definition) []string {
	if def.Kind == ast.Object {
		return []string{def.Name}
	}
	var out []string
	for _, t := range schema.GetPossibleTypes(def) {
		out = append(out, t.Name)
	}
	return out
}

// common is the names of a that b holds too, in a's order.
func common(a, b []string) []string {
	var out []string
	for _, n := range a {
		if slices.Contains(b, n) {
			out = append(out, n)
		}
	}
	return out
}
