package auth

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator"
)

// shopSchema is gqlgen's usual login: an input object of email and password.
var shopSchema = gqlparser.MustLoadSchema(&ast.Source{Input: `
type Query { me: String }
type Mutation { login(input: LoginInput!): AuthPayload! }
input LoginInput { email: String!, password: String!, otp: String }
type AuthPayload { token: String! }`})

// startShop serves shopSchema on loopback validating as gqlgen does (gqlgen validates with
// gqlparser: its document rules, then validator.VariableValues, code GRAPHQL_VALIDATION_FAILED)
// and answers ana@example.com/ana123 with a token. It counts the requests it receives.
func startShop(t *testing.T) (string, *int) {
	t.Helper()
	requests := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests++
		var req struct {
			Query     string         `json:"query"`
			Variables map[string]any `json:"variables"`
		}
		w.Header().Set("Content-Type", "application/json")
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		refuse := func(err *gqlerror.Error) {
			err.Extensions = map[string]any{"code": "GRAPHQL_VALIDATION_FAILED"}
			_ = json.NewEncoder(w).Encode(map[string]any{"errors": []any{err}, "data": nil})
		}
		doc, errs := gqlparser.LoadQuery(shopSchema, req.Query)
		if len(errs) > 0 {
			refuse(errs[0])
			return
		}
		op := doc.Operations[0]
		vars, err := validator.VariableValues(shopSchema, op, req.Variables)
		if err != nil {
			refuse(err.(*gqlerror.Error))
			return
		}
		in, _ := op.SelectionSet[0].(*ast.Field).ArgumentMap(vars)["input"].(map[string]any)
		if in["email"] != "ana@example.com" || in["password"] != "ana123" {
			_ = json.NewEncoder(w).Encode(map[string]any{"errors": []any{map[string]any{"message": "wrong email or password", "path": []string{"login"}}}, "data": nil})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"login": map[string]any{"token": "tok-ana"}}})
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &requests
}

func shopLogin(url, doc, password string) (*Session, error) {
	s := New(Config{Endpoint: url, User: "ana@example.com", Password: func() string { return password }, Document: doc})
	return s, s.Login(context.Background())
}

// TestInputRefusalNamesTheKeys: gqlgen refusing $input's username field. Before, the error read
// only `the server said: unknown field`, naming neither the field nor the keys toolrt sends.
func TestInputRefusalNamesTheKeys(t *testing.T) {
	url, _ := startShop(t)
	_, err := shopLogin(url, "mutation Login($input: LoginInput!) { login(input: $input) { token } }", "ana123")
	want := `login as "ana@example.com" failed: the server said: unknown field (at variable.input.username, code GRAPHQL_VALIDATION_FAILED); ` +
		`toolrt sends $input as {password, username}; if the API names them otherwise, write the input out in the login document, e.g. ` + example
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
}

// TestUserVariableNames: the user goes in $username, $email or $login, whichever the document
// declares, and the password only in $password. Before, $email got nothing (gqlgen: "must be
// defined" at variable.email).
func TestUserVariableNames(t *testing.T) {
	url, requests := startShop(t)
	for _, doc := range []string{
		example,
		"mutation Login($email: String!, $password: String!) { login(input: {email: $email, password: $password}) { token } }",
		"mutation Login($login: String!, $password: String!) { login(input: {email: $login, password: $password}) { token } }",
	} {
		s, err := shopLogin(url, doc, "ana123")
		if err != nil || s.Token() != "tok-ana" {
			t.Errorf("%s: %v, token %q", doc, err, s.Token())
		}
	}
	if *requests != 3 {
		t.Errorf("%d requests, want 3", *requests)
	}
}

// TestUndeclaredVariableNamesTheKeys: a variable toolrt does not fill (a one-time code) is told
// which keys toolrt sends; a wrong password, not about variables, gets no hint.
func TestUndeclaredVariableNamesTheKeys(t *testing.T) {
	url, _ := startShop(t)
	doc := "mutation Login($username: String!, $password: String!, $otp: String!) { login(input: {email: $username, password: $password, otp: $otp}) { token } }"
	_, err := shopLogin(url, doc, "ana123")
	if err == nil || !strings.Contains(err.Error(), "(at variable.otp, code GRAPHQL_VALIDATION_FAILED); toolrt sends $password, $username; ") {
		t.Errorf("error = %v, want the path, the code and the keys sent", err)
	}
	_, err = shopLogin(url, example, "wrong-pw")
	want := `login as "ana@example.com" failed: the server said: wrong email or password (at login)`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
}

// TestNowhereToPutTheCredentials: a document without a user or a password variable is refused
// before anything is sent; the password never goes in a variable not named for it.
func TestNowhereToPutTheCredentials(t *testing.T) {
	url, requests := startShop(t)
	for doc, want := range map[string]string{
		"mutation Login($user: String!, $password: String!) { login(input: {email: $user, password: $password}) { token } }": "declares none of $input, $username, $email, $login",
		"mutation Login($email: String!, $secret: String!) { login(input: {email: $email, password: $secret}) { token } }":   "declares no $password",
	} {
		_, err := shopLogin(url, doc, "ana123")
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), example) {
			t.Errorf("%s: %v, want %q and the example", doc, err, want)
		}
	}
	if *requests != 0 {
		t.Errorf("%d requests, want none", *requests)
	}
}

// TestVariablesSent: exactly the declared variables, the user in each user name declared.
func TestVariablesSent(t *testing.T) {
	doc := "mutation L($email: String!, $username: String!, $password: String!) { a }"
	op, err := loginOperation(doc)
	if err != nil {
		t.Fatal(err)
	}
	got, err := variables(op, "ada", "pw")
	want := map[string]any{"email": "ada", "username": "ada", "password": "pw"}
	if diff := cmp.Diff(want, got); diff != "" || err != nil {
		t.Errorf("variables (-want +got):\n%s%v", diff, err)
	}
}

// TestPathAndCodeAreRedacted: the path and the code are the server's words too; a server
// putting the refused password in them must not put it in our error.
func TestPathAndCodeAreRedacted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":null,"errors":[{"message":"bad","path":["variable","input","s3cr3t-pw"],"extensions":{"code":"NOT_s3cr3t-pw"}}]}`))
	}))
	defer srv.Close()
	_, err := shopLogin(srv.URL, example, "s3cr3t-pw")
	if err == nil || strings.Contains(err.Error(), "s3cr3t") || !strings.Contains(err.Error(), "(at variable.input.[password], code NOT_[password]); toolrt sends") {
		t.Errorf("error = %v, want the path and code redacted", err)
	}
}
