package auth

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// TestPasswordIsRedactedBeforeTheMessageIsClipped: a server that quotes the refused password
// right where the 200-character excerpt ends, literally or every character escaped. Clipping
// first would leave the password's first characters in the error the terminal prints.
func TestPasswordIsRedactedBeforeTheMessageIsClipped(t *testing.T) {
	const password = "Pa55w0rd!"
	for _, spelt := range []string{password, toolrttest.EscapeAll(password)} {
		for cut := 193; cut <= 199; cut++ { // the password starts 1 to 7 characters before the cut
			msg := strings.Repeat("x", cut) + spelt + " is wrong"
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(`{"data":null,"errors":[{"message":"` + msg + `"}]}`))
			}))
			err := session(srv.URL, "user", password).Login(context.Background())
			srv.Close()
			if err == nil {
				t.Fatal("login succeeded")
			}
			for n := 3; n <= len(password); n++ {
				if strings.Contains(err.Error(), password[:n]) {
					t.Errorf("cut %d: %d characters of the password in %q", cut, n, err)
					break
				}
			}
		}
	}
}

// TestLoginDocumentIsParsed: a comment naming $input does not move the credentials under
// input, and a document that does not parse is refused before anything is sent.
func TestLoginDocumentIsParsed(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewDecoder(r.Body).Decode(&got)
		_, _ = io.WriteString(w, `{"data":{"signIn":{"token":"tok-1"}}}`)
	}))
	defer srv.Close()
	doc := "# older versions took $input: LoginInput\nmutation SignIn($username: String!, $password: String!) { signIn(username: $username, password: $password) { token } }"
	if err := New(Config{Endpoint: srv.URL, User: "ada", Password: func() string { return "pw" }, Document: doc}).Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	if vars, _ := got["variables"].(map[string]any); vars["username"] != "ada" || got["operationName"] != "SignIn" {
		t.Errorf("login request %v", got)
	}
	got = nil
	for doc, want := range map[string]string{
		"mutation { login(":              "login document 1:18:",
		"mutation A { a } query B { b }": "holds 2 operations",
	} {
		err := New(Config{Endpoint: srv.URL, User: "ada", Document: doc}).Login(context.Background())
		if err == nil || !strings.Contains(err.Error(), want) || got != nil {
			t.Errorf("%q: %v (sent %v), want %q", doc, err, got, want)
		}
	}
}
