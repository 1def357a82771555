package auth

import (
	"fmt"
	"sort"
	"strings"

	"github.com/toolgen/toolgen/toolrt/redact"
	"github.com/vektah/gqlparser/v2/ast"
)

// userVariables are the variable names the user name goes in, each the login document declares:
// gqlgen's and many other schemas' login takes an email, some a login. The password goes only in
// $password (or $input.password): never in a variable whose name does not say password.
var userVariables = []string{"username", "email", "login"}

// example is a login document that maps the credentials onto an input object whose fields are
// not username and password (gqlgen's usual LoginInput{email, password}).
const example = "mutation Login($username: String!, $password: String!) { login(input: {email: $username, password: $password}) { token } }"

// variables are the login's variables: {"input": {"username", "password"}} when the document
// declares $input (the Movie Database's LoginInput), else the user in each of $username, $email
// and $login it declares and the password in $password. A document declaring no user or no
// password variable is refused before anything is sent.
func variables(op *ast.OperationDefinition, user, password string) (map[string]any, error) {
	defs := op.VariableDefinitions
	if defs.ForName("input") != nil {
		return map[string]any{"input": map[string]any{"username": user, "password": password}}, nil
	}
	vars := map[string]any{}
	for _, name := range userVariables {
		if defs.ForName(name) != nil {
			vars[name] = user
		}
	}
	if len(vars) == 0 {
		return nil, fmt.Errorf("login document declares none of $input, $username, $email, $login, so the user has nowhere to go; declare one in the file given to -login-document, e.g. %s", example)
	}
	if defs.ForName("password") == nil {
		return nil, fmt.Errorf("login document declares no $password (nor $input), so the password has nowhere to go; declare it in the file given to -login-document, e.g. %s", example)
	}
	vars["password"] = password
	return vars, nil
}

// sentHint says which keys the login sent and how a document maps them onto other names.
func sentHint(vars map[string]any) string {
	sent := "toolrt sends " + keys(vars)
	if in, ok := vars["input"].(map[string]any); ok {
		sent = "toolrt sends $input as {" + strings.ReplaceAll(keys(in), "$", "") + "}"
	}
	return sent + "; if the API names them otherwise, write the input out in the login document, e.g. " + example
}

// keys lists a map's keys as variables, sorted: "$password, $username".
func keys(m map[string]any) string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, "$"+k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// gqlError is one entry of a GraphQL response's errors.
type gqlError struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

// refusal is the server's error, redacted: its message, path and code.
type refusal struct {
	message, path, code string
	variables           bool // about the variables toolrt filled
}

func (e gqlError) refusal(red *redact.Set) *refusal {
	parts := make([]string, len(e.Path))
	for i, p := range e.Path {
		parts[i] = fmt.Sprint(p)
	}
	code, _ := e.Extensions["code"].(string)
	head := ""
	if len(parts) > 0 {
		head = strings.ToLower(parts[0])
	}
	return &refusal{
		message: clip(red.String(e.Message), 200),
		path:    clip(red.String(strings.Join(parts, ".")), 100),
		code:    clip(red.String(code), 60),
		// gqlgen: path ["variable","input","username"]; graphql-js: `Variable "$input" got
		// invalid value`; Hasura: "unexpected variables in variableValues".
		variables: head == "variable" || head == "variables" || strings.Contains(strings.ToLower(e.Message), "variable"),
	}
}

func (r *refusal) Error() string {
	var where []string
	if r.path != "" {
		where = append(where, "at "+r.path)
	}
	if r.code != "" {
		where = append(where, "code "+r.code)
	}
	if len(where) == 0 {
		return "the server said: " + r.message
	}
	return fmt.Sprintf("the server said: %s (%s)", r.message, strings.Join(where, ", "))
}
