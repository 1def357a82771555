package moviedb

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/go-cmp/cmp"
)

func TestLogin(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	var data struct {
		Login struct {
			Token string
			User  struct{ ID, Username, Email, Role string }
		}
	}
	resp := gql(t, url, "", `mutation { login(input: {username: "user", password: "user123"}) { token user { id username email role } } }`, nil, &data)
	if len(resp.Errors) > 0 {
		t.Fatalf("errors: %+v", resp.Errors)
	}
	wantUser := struct{ ID, Username, Email, Role string }{"2", "user", "", "USER"}
	if diff := cmp.Diff(wantUser, data.Login.User); diff != "" {
		t.Errorf("user (-want +got):\n%s", diff) // email is null: the caller is still anonymous here
	}
	claims := parseToken(t, data.Login.Token)
	if claims.Subject != "user" || claims.Role != roleUser {
		t.Errorf("claims = %+v, want subject user and role USER", claims)
	}
	if life := claims.ExpiresAt.Sub(claims.IssuedAt.Time); life != 24*time.Hour {
		t.Errorf("token lifetime = %v, want 24h", life)
	}
}

func parseToken(t *testing.T, token string) *tokenClaims {
	t.Helper()
	var c tokenClaims
	if _, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return signingKey, nil },
		jwt.WithValidMethods([]string{"HS256"})); err != nil {
		t.Fatalf("token does not verify: %v", err)
	}
	return &c
}

func TestLoginBadCredentials(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	for _, creds := range [][2]string{{"user", "wrong"}, {"nobody", "user123"}, {"", ""}} {
		resp := gql(t, url, "", `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { token } }`,
			map[string]any{"u": creds[0], "p": creds[1]}, nil)
		want := []gqlErr{{Message: "Invalid credentials", Path: []any{"login"},
			Extensions: map[string]any{"classification": "BAD_REQUEST", "field": "credentials"}}}
		if diff := cmp.Diff(want, resp.Errors); diff != "" {
			t.Errorf("%v: errors (-want +got):\n%s", creds, diff)
		}
		if string(resp.Data) != "null" {
			t.Errorf("%v: data = %s, want null", creds, resp.Data)
		}
	}
}

func TestMyWatchLists(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	const q = `{ myWatchLists { id name isPublic itemCount user { username email } } }`
	type list struct {
		ID        string
		Name      string
		IsPublic  bool
		ItemCount int
		User      struct{ Username, Email string }
	}
	var data struct{ MyWatchLists []list }
	resp := gql(t, url, login(t, url, "user", "user123"), q, nil, &data)
	owner := struct{ Username, Email string }{"user", "user@moviedb.com"}
	want := []list{
		{"1", "To watch this weekend", false, 2, owner},
		{"2", "All-time favourites", false, 1, owner},
	}
	if diff := cmp.Diff(want, data.MyWatchLists); diff != "" || len(resp.Errors) > 0 {
		t.Errorf("as user (-want +got):\n%s\nerrors: %+v", diff, resp.Errors)
	}

	for name, token := range map[string]string{"anonymous": "", "forged": forgedToken(t), "garbage": "not.a.jwt"} {
		resp = gql(t, url, token, q, nil, nil)
		if diff := cmp.Diff([]string{"UNAUTHORIZED"}, classifications(resp)); diff != "" {
			t.Errorf("%s: classifications (-want +got):\n%s", name, diff)
		}
		if string(resp.Data) != "null" {
			t.Errorf("%s: data = %s, want null", name, resp.Data)
		}
	}
}

// forgedToken is a well-formed token for user signed with the wrong key.
func forgedToken(t *testing.T) string {
	claims := tokenClaims{Role: roleUser, RegisteredClaims: jwt.RegisteredClaims{Subject: "user",
		ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Hour))}}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte("not the key"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTokenSubjectRejectsExpiredAndUnsigned(t *testing.T) {
	t.Parallel()
	expired, err := issueToken(&user{username: "user", role: roleUser}, time.Now().Add(-25*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	none, err := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"sub": "user"}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	if err != nil {
		t.Fatal(err)
	}
	valid, _ := issueToken(&user{username: "user", role: roleUser}, time.Now())
	got := []string{tokenSubject("Bearer " + expired), tokenSubject("Bearer " + none), tokenSubject(valid), tokenSubject("Bearer " + valid)}
	if diff := cmp.Diff([]string{"", "", "", "user"}, got); diff != "" {
		t.Errorf("subjects (-want +got):\n%s", diff)
	}
}

func TestEmailVisibility(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	const q = `{ watchList(id: "3") { user { username email } } }`
	for _, tc := range []struct{ who, password, want string }{
		{"", "", ""}, {"user", "user123", ""}, {"admin", "admin123", "admin@moviedb.com"},
	} {
		token := ""
		if tc.who != "" {
			token = login(t, url, tc.who, tc.password)
		}
		var data struct {
			WatchList struct{ User struct{ Email *string } }
		}
		gql(t, url, token, q, nil, &data)
		got := ""
		if e := data.WatchList.User.Email; e != nil {
			got = *e
		}
		if got != tc.want {
			t.Errorf("as %q: email = %q, want %q", tc.who, got, tc.want)
		}
	}
}

func TestRegister(t *testing.T) {
	t.Parallel() // one bcrypt hash at the default cost is slow under -race
	url := startServer(t)
	const q = `mutation($u: String!, $e: String!, $p: String!) { register(input: {username: $u, email: $e, password: $p}) { token user { id username email role } } }`
	var data struct {
		Register struct {
			Token string
			User  json.RawMessage
		}
	}
	resp := gql(t, url, "", q, map[string]any{"u": "newbie", "e": "newbie@example.com", "p": "secret1"}, &data)
	if len(resp.Errors) > 0 {
		t.Fatalf("errors: %+v", resp.Errors)
	}
	if got := string(data.Register.User); !strings.Contains(got, `"id":"13"`) {
		t.Errorf("user = %s, want id 13 after the 12 seeded accounts", got)
	}
	var lists struct{ MyWatchLists []struct{ ID string } }
	gql(t, url, data.Register.Token, `{ myWatchLists { id } }`, nil, &lists)
	if len(lists.MyWatchLists) != 0 {
		t.Errorf("new user's lists = %v, want none", lists.MyWatchLists)
	}
	for _, vars := range []map[string]any{
		{"u": "user", "e": "x@example.com", "p": "secret1"}, // taken
		{"u": "ab", "e": "x@example.com", "p": "secret1"},   // too short
		{"u": "other", "e": "not-an-email", "p": "secret1"}, // pattern
		{"u": "other", "e": "x@example.com", "p": "short"},  // password too short
	} {
		resp := gql(t, url, "", q, vars, nil)
		if diff := cmp.Diff([]string{"BAD_REQUEST"}, classifications(resp)); diff != "" {
			t.Errorf("%v (-want +got):\n%s", vars, diff)
		}
	}
}
