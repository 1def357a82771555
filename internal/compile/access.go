package compile

// access.go lists, for the review page, what the server checks before it answers a tool's
// operation: the access directives (Apollo Federation's @authenticated, @requiresScopes and
// @policy; AppSync's @aws_*; the @hasRole/@hasScope/@hasPermission family of auth-directive
// libraries, gqlgen's and graphql-tools' usual examples) on the root field, on the fields the operation selects and on the
// types they return. toolgen enforces none of them: the router or AppSync does. A reviewer reads
// which credentials an agent needs, and which selected fields come back null (with an error)
// for an agent that lacks them.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/opbuild"
	"github.com/toolgen/toolgen/internal/platform"
	"github.com/vektah/gqlparser/v2/ast"
)

// maxAccess bounds the lines of one tool; the rest are counted.
const maxAccess = 8

// access is what one tool's operation needs, in selection order.
func access(schema *ast.Schema, doc *ast.QueryDocument) []catalog.Access {
	names := accessNames(schema)
	if len(names) == 0 || doc == nil || len(doc.Operations) == 0 {
		return nil
	}
	w := accessWalk{schema: schema, names: names, seen: map[string]bool{}}
	root := rootOf(schema, doc.Operations[0].Operation)
	w.root = root
	w.selections(doc.Operations[0].SelectionSet, root)
	if len(w.out) > maxAccess {
		w.out = append(w.out[:maxAccess], catalog.Access{Where: fmt.Sprintf("%d more places", len(w.out)-maxAccess), Needs: "see the schema"})
	}
	return w.out
}

// accessNames maps the schema's access directives to the spec names requirement words: the
// platform's, and the gate directives the schema declares (by their own names), so that a root
// field behind @hasRole(role: STAFF) has an access line and toolgen diff sees it removed.
func accessNames(schema *ast.Schema) map[string]string {
	names := map[string]string{}
	for local, spec := range platform.AccessDirectives(schema) {
		names[local] = spec
	}
	for _, n := range opbuild.GateDirectives() {
		if _, ok := names[n]; !ok && schema.Directives[n] != nil {
			names[n] = n
		}
	}
	return names
}

func rootOf(s *ast.Schema, op ast.Operation) *ast.Definition {
	if op == ast.Mutation {
		return s.Mutation
	}
	return s.Query
}

type accessWalk struct {
	schema *ast.Schema
	names  map[string]string
	seen   map[string]bool // fields and types already listed
	root   *ast.Definition // the operation's root type, whose directives apply to its fields
	out    []catalog.Access
}

func (w *accessWalk) selections(set ast.SelectionSet, parent *ast.Definition) {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if s.Definition == nil || parent == nil {
				continue
			}
			dirs := s.Definition.Directives
			if parent == w.root && !w.any(dirs) { // a root type's directives are its fields' default
				dirs = parent.Directives
			}
			w.note(parent.Name+"."+s.Definition.Name, dirs)
			t := w.schema.Types[s.Definition.Type.Name()]
			if t != nil {
				w.note(t.Name, t.Directives)
			}
			w.selections(s.SelectionSet, t)
		case *ast.InlineFragment:
			w.selections(s.SelectionSet, w.schema.Types[s.TypeCondition])
		case *ast.FragmentSpread:
			if s.Definition != nil {
				w.selections(s.Definition.SelectionSet, w.schema.Types[s.Definition.TypeCondition])
			}
		}
	}
}

// any reports whether dirs hold an access directive.
func (w *accessWalk) any(dirs ast.DirectiveList) bool {
	return slices.ContainsFunc(dirs, func(d *ast.Directive) bool { return w.names[d.Name] != "" })
}

// note adds where's requirements, once per place.
func (w *accessWalk) note(where string, dirs ast.DirectiveList) {
	if w.seen[where] {
		return
	}
	var reqs []string
	for _, d := range dirs {
		if spec := w.names[d.Name]; spec != "" {
			reqs = append(reqs, requirement(spec, d))
		}
	}
	if len(reqs) == 0 {
		return
	}
	w.seen[where] = true
	sep := "; "
	if strings.HasPrefix(reqs[0], "AppSync") {
		sep = " or " // AppSync lets a caller in by any one of a field's auth modes
	}
	w.out = append(w.out, catalog.Access{Where: where, Needs: strings.Join(slices.Compact(reqs), sep)})
}

// requirement words one access directive.
func requirement(spec string, d *ast.Directive) string {
	switch spec {
	case "authenticated":
		return "an authenticated caller"
	case "requiresScopes":
		return "scopes " + alternatives(d, "scopes")
	case "policy":
		return "policies " + alternatives(d, "policies")
	case "aws_iam":
		return "AppSync IAM (SigV4)"
	case "aws_api_key":
		return "AppSync API key"
	case "aws_oidc":
		return "AppSync OIDC token"
	case "aws_lambda":
		return "AppSync Lambda authorizer"
	case "aws_cognito_user_pools", "aws_auth":
		if g := strings.Join(stringList(d.Arguments.ForName("cognito_groups")), ", "); g != "" {
			return "AppSync Cognito user pool groups " + g
		}
		return "AppSync Cognito user pools"
	}
	return gateRequirement(d)
}

// gateWords is what each gate directive of the auth-directive libraries checks.
var gateWords = map[string]string{"hasRole": "role", "hasRoles": "role", "requiresRole": "role",
	"hasScope": "scopes", "hasScopes": "scopes", "hasPermission": "permission", "hasPermissions": "permission",
	"requiresPermission": "permission", "requiresPermissions": "permission"}

// gateRequirement words a gate directive by its arguments as written (a default where the use
// leaves one out): "role STAFF", "scopes [read:orders, write:orders]", "permission
// resource: ORDER, action: READ". Whether a list means any or all is the library's; the line
// does not guess, and toolgen diff compares it as written.
func gateRequirement(d *ast.Directive) string {
	word := gateWords[d.Name]
	if word == "" {
		return "@" + d.Name
	}
	var args []string
	named := false
	if d.Definition != nil {
		for _, a := range d.Definition.Arguments {
			v := d.Arguments.ForName(a.Name)
			var val *ast.Value
			if v != nil {
				val = v.Value
			} else {
				val = a.DefaultValue
			}
			if val == nil {
				continue
			}
			named = named || !strings.HasPrefix(a.Name, strings.TrimSuffix(word, "s"))
			args = append(args, a.Name+": "+valueText(val))
		}
	}
	switch {
	case len(args) == 0:
		return word + " (the @" + d.Name + " directive's default)"
	case len(args) == 1 && !named:
		_, v, _ := strings.Cut(args[0], ": ")
		return word + " " + v
	}
	return word + " " + strings.Join(args, ", ")
}

// valueText writes an argument's value as the schema does, strings unquoted.
func valueText(v *ast.Value) string {
	switch v.Kind {
	case ast.ListValue:
		var items []string
		for _, c := range v.Children {
			items = append(items, valueText(c.Value))
		}
		return "[" + strings.Join(items, ", ") + "]"
	case ast.ObjectValue:
		var fields []string
		for _, c := range v.Children {
			fields = append(fields, c.Name+": "+valueText(c.Value))
		}
		return "{" + strings.Join(fields, ", ") + "}"
	case ast.StringValue, ast.BlockValue:
		return v.Raw
	}
	return v.String()
}

// alternatives words [[a, b], [c]] as "a and b, or c".
func alternatives(d *ast.Directive, arg string) string {
	a := d.Arguments.ForName(arg)
	if a == nil || a.Value == nil {
		return "(none given)"
	}
	var any []string
	for _, c := range a.Value.Children {
		if c.Value != nil {
			all := stringList(&ast.Argument{Value: c.Value})
			any = append(any, strings.Join(all, " and "))
		}
	}
	return strings.Join(any, ", or ")
}

// stringList is the strings of a list argument.
func stringList(a *ast.Argument) []string {
	if a == nil || a.Value == nil {
		return nil
	}
	var out []string
	for _, c := range a.Value.Children {
		if c.Value != nil && c.Value.Kind == ast.StringValue {
			out = append(out, c.Value.Raw)
		}
	}
	return out
}
