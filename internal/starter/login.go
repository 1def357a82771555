package starter

// login.go suggests the login document cmd/agent needs (-login-document) when the schema has a
// mutation that signs in: credentials in, a token out. toolrt fills $username (or $email,
// $login) and $password, so the document maps them onto the API's own argument names, which
// the team would otherwise find by reading toolrt's source (a gqlgen shop's
// login(input: {email, password}) failed with "unknown field").

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// userNames and passwordNames are the argument or input field names that carry the credentials,
// most likely first.
var (
	userNames     = []string{"username", "email", "login", "user", "userName", "identifier", "name"}
	passwordNames = []string{"password", "pass", "passwd"}
)

// loginDocument returns a login mutation for s in toolrt's form, or "" when no mutation looks
// like one: a root field with user and password arguments (directly, or as the fields of its
// only input object argument) whose answer holds a token within two levels.
func loginDocument(s *ast.Schema) string {
	if s.Mutation == nil {
		return ""
	}
	for _, f := range s.Mutation.Fields {
		path := tokenPath(s, s.Types[f.Type.Name()], 0)
		if path == "" {
			continue
		}
		if args := credentialArgs(s, f); args != "" {
			return fmt.Sprintf("mutation Login($username: String!, $password: String!) { %s(%s) %s }", f.Name, args, path)
		}
	}
	return ""
}

// credentialArgs writes f's arguments filled with $username and $password, or "" when f does
// not take both.
func credentialArgs(s *ast.Schema, f *ast.FieldDefinition) string {
	if u, p := named(f.Arguments, userNames), named(f.Arguments, passwordNames); u != "" && p != "" {
		return fmt.Sprintf("%s: $username, %s: $password", u, p)
	}
	if len(f.Arguments) != 1 {
		return ""
	}
	in := s.Types[f.Arguments[0].Type.Name()]
	if in == nil || in.Kind != ast.InputObject {
		return ""
	}
	var fields ast.ArgumentDefinitionList
	for _, v := range in.Fields {
		fields = append(fields, &ast.ArgumentDefinition{Name: v.Name})
	}
	if u, p := named(fields, userNames), named(fields, passwordNames); u != "" && p != "" {
		return fmt.Sprintf("%s: {%s: $username, %s: $password}", f.Arguments[0].Name, u, p)
	}
	return ""
}

// named is the first of names among args, "" when none is.
func named(args ast.ArgumentDefinitionList, names []string) string {
	for _, n := range names {
		if i := slices.IndexFunc(args, func(a *ast.ArgumentDefinition) bool { return strings.EqualFold(a.Name, n) }); i >= 0 {
			return args[i].Name
		}
	}
	return ""
}

// tokenPath is the selection that reaches a token leaf of t ({ token } or { session { token } }),
// "" when none is within two levels.
func tokenPath(s *ast.Schema, t *ast.Definition, depth int) string {
	if t == nil || t.Kind != ast.Object || depth > 1 {
		return ""
	}
	for _, f := range t.Fields {
		if n := s.Types[f.Type.Name()]; n != nil && n.Kind == ast.Scalar && sensitive.LoginToken(f.Name) {
			return "{ " + f.Name + messages(s, t) + " }"
		}
	}
	for _, f := range t.Fields {
		if sub := tokenPath(s, s.Types[f.Type.Name()], depth+1); sub != "" {
			return "{ " + f.Name + " " + sub + messages(s, t) + " }"
		}
	}
	return ""
}

// messages selects the errors beside the token ({ token errors { message } }): a login that
// answers a wrong password as data says why only there (toolrt quotes the first message).
func messages(s *ast.Schema, t *ast.Definition) string {
	for _, f := range t.Fields {
		if e := s.Types[f.Type.Name()]; f.Type.Elem != nil && f.Directives.ForName("deprecated") == nil && e != nil && e.Kind == ast.Object && e.Fields.ForName("message") != nil && strings.Contains(strings.ToLower(f.Name), "error") {
			return " " + f.Name + " { message }"
		}
	}
	return ""
}

// renderLogin prints the suggested document as a comment, with how cmd/agent takes it.
func renderLogin(b *strings.Builder, doc string) {
	if doc == "" {
		return
	}
	b.WriteString("# Signing in: agents log in through the API's login mutation, kept out of the tools. This one\n")
	b.WriteString("# looks like it; save the line below as login.graphql and run the agent with\n")
	b.WriteString("# -login-document login.graphql -user NAME (the password from AGENT_PASSWORD), and\n")
	b.WriteString("# -token-header 'Name:' if the API reads its token from another header than Authorization: Bearer:\n")
	b.WriteString("#   " + doc + "\n")
}
