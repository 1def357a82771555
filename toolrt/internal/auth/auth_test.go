package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

// demo starts the Movie Database on loopback and counts the requests it receives.
func demo(t *testing.T) *moviedbtest.Server {
	t.Helper()
	return moviedbtest.Start(t)
}

func session(url, user, password string) *Session {
	return New(Config{Endpoint: url, User: user, Password: func() string { return password }, Document: moviedb.LoginDocument})
}

func TestLoginGivesAToken(t *testing.T) {
	srv := demo(t)
	s := session(srv.URL, "user", "user123")
	if err := s.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	if tok := s.Token(); strings.Count(tok, ".") != 2 || srv.Requests() != 1 {
		t.Errorf("token %q after %d requests, want a JWT after 1", tok, srv.Requests())
	}
}

func TestAnonymousSendsNothing(t *testing.T) {
	srv := demo(t)
	s := session(srv.URL, "", "")
	if err := s.Login(context.Background()); err != nil || s.Token() != "" || s.CanRelogin() || srv.Requests() != 0 {
		t.Errorf("anonymous login: err %v, token %q, %d requests", err, s.Token(), srv.Requests())
	}
	if err := s.Relogin(context.Background(), 0); err == nil {
		t.Error("an anonymous session re-logged in")
	}
}

func TestWrongPasswordNamesNoSecret(t *testing.T) {
	srv := demo(t)
	err := session(srv.URL, "user", "hunter2-secret").Login(context.Background())
	if err == nil || !strings.Contains(err.Error(), "Invalid credentials") || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error = %v, want the server's refusal without the password", err)
	}
}

// A server that quotes the refused value back must not put the password in our error.
func TestServerEchoIsRedacted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"errors":[{"message":"bad value in `+strings.ReplaceAll(string(body), `"`, `'`)+`"}]}`)
	}))
	defer srv.Close()
	err := New(Config{Endpoint: srv.URL, User: "user", Password: func() string { return "s3cr3t-pw" }, Document: moviedb.LoginDocument}).Login(context.Background())
	if err == nil || strings.Contains(err.Error(), "s3cr3t-pw") || !strings.Contains(err.Error(), "[password]") {
		t.Errorf("error = %v, want the password redacted", err)
	}
}

// Concurrent calls failing on the same stale token cause one login, not one each, even though
// the demo server issues the identical token again within the same second.
func TestReloginOnce(t *testing.T) {
	srv := demo(t)
	s := session(srv.URL, "user", "user123")
	if err := s.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, stale := s.Current()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if err := s.Relogin(context.Background(), stale); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := srv.Requests(); got != 2 {
		t.Errorf("%d logins, want 2 (the first and one re-login)", got)
	}
}

// A token issued elsewhere is used as it is: no login request, no re-login.
func TestFixedToken(t *testing.T) {
	srv := demo(t)
	s := New(Config{Endpoint: srv.URL, User: "user", Token: "issued-elsewhere"})
	if err := s.Login(context.Background()); err != nil || s.Token() != "issued-elsewhere" || s.CanRelogin() || srv.Requests() != 0 {
		t.Errorf("fixed token: err %v, token %q, can re-login %v, %d requests", err, s.Token(), s.CanRelogin(), srv.Requests())
	}
}

// Another API's login: credentials as $username/$password, the token under another key.
func TestOtherLoginShape(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewDecoder(r.Body).Decode(&got)
		io.WriteString(w, `{"data":{"signIn":{"user":{"id":"7"},"accessToken":"tok-123"}}}`)
	}))
	defer srv.Close()
	doc := "mutation SignIn($username: String!, $password: String!) { signIn(username: $username, password: $password) { user { id } accessToken } }"
	s := New(Config{Endpoint: srv.URL, User: "ada", Password: func() string { return "pw" }, Document: doc})
	if err := s.Login(context.Background()); err != nil || s.Token() != "tok-123" {
		t.Fatalf("login: %v, token %q", err, s.Token())
	}
	want := map[string]any{"query": doc, "operationName": "SignIn", "variables": map[string]any{"username": "ada", "password": "pw"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("login request (-want +got):\n%s", diff)
	}
}

// The library knows no API's login mutation: a user without one is refused before any request.
func TestNoLoginDocument(t *testing.T) {
	srv := demo(t)
	err := New(Config{Endpoint: srv.URL, User: "user", Password: func() string { return "user123" }}).Login(context.Background())
	if !errors.Is(err, ErrNoLoginDocument) || srv.Requests() != 0 {
		t.Errorf("err %v after %d requests, want ErrNoLoginDocument and none", err, srv.Requests())
	}
}

// A login that answers a wrong password as data (a payload's errors list, the shape many
// schemas use) is reported with the server's message, redacted; before, the user read only
// "HTTP 200, no token in the response".
func TestPayloadErrorIsQuoted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"data":{"login":{"token":null,"errors":[{"field":"password","message":"wrong email or password, not s3cr3t-pw"}]}}}`)
	}))
	defer srv.Close()
	err := New(Config{Endpoint: srv.URL, User: "ana", Password: func() string { return "s3cr3t-pw" }, Document: moviedb.LoginDocument}).Login(context.Background())
	want := `login as "ana" failed: no token in the answer; the server said: wrong email or password, not [password]`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant %s", err, want)
	}
}

// PostGraphile's login answers with the JWT under jwtToken, and a wrong password with a null
// jwtToken and no error. The token is found; the null one and a document that selects no token
// at all get different messages: before, both read "HTTP 200, no token in the response", and
// a good login through jwtToken failed the same way.
func TestPostGraphileLogin(t *testing.T) {
	doc := "mutation Login($username: String!, $password: String!) { authenticate(input: {email: $username, password: $password}) { jwtToken } }"
	for _, c := range []struct{ answer, token, err string }{
		{`{"data":{"authenticate":{"jwtToken":"eyJ.signed.jwt","refreshToken":"r-1"}}}`, "eyJ.signed.jwt", ""},
		{`{"data":{"authenticate":{"jwtToken":null}}}`, "", `login as "ana" failed: the API answered the login with no token (authenticate.jwtToken is null): the user or the password is wrong`},
		{`{"data":{"authenticate":null}}`, "", `login as "ana" failed: the API answered the login with no token (the login field is null): the user or the password is wrong`},
		{`{"data":{"authenticate":{"clientMutationId":null}}}`, "", `login as "ana" failed: HTTP 200, the login's answer has no token field (looked for token, accessToken, access_token, jwt or a name ending in Token, such as jwtToken); select the token in the login document`},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, c.answer)
		}))
		s := New(Config{Endpoint: srv.URL, User: "ana", Password: func() string { return "pw" }, Document: doc})
		err := s.Login(context.Background())
		srv.Close()
		if got := fmt.Sprint(err); s.Token() != c.token || (c.err == "") != (err == nil) || err != nil && got != c.err {
			t.Errorf("answer %s: token %q, err %v\nwant token %q, err %s", c.answer, s.Token(), err, c.token, c.err)
		}
	}
}
