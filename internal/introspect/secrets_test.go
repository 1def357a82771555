package introspect

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// TestEchoedCredentialsAreRedacted: a server that echoes every header it got (the -header
// value, the basic auth of the URL's user:password, as base64) and the password itself,
// raw and percent-encoded, in a refusal and in a body that is not GraphQL: the error shows
// none of it.
func TestEchoedCredentialsAreRedacted(t *testing.T) {
	const token, password = "tok-SECRET-header-9f3a", "p@ss SECRET/42"
	for name, answer := range map[string]func(w http.ResponseWriter, echo string){
		"refusal": func(w http.ResponseWriter, echo string) {
			json.NewEncoder(w).Encode(map[string]any{"errors": []map[string]string{{"message": echo}}})
		},
		"not GraphQL": func(w http.ResponseWriter, echo string) {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, echo)
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				echo := fmt.Sprintf("denied: X-Api-Key=%s Authorization=%s password=%s escaped=%s",
					r.Header.Get("X-Api-Key"), r.Header.Get("Authorization"), password, url.QueryEscape(password))
				answer(w, echo)
			}))
			defer srv.Close()
			u, _ := url.Parse(srv.URL)
			u.User = url.UserPassword("admin", password)
			c := &Client{URL: u.String(), Header: http.Header{"X-Api-Key": {token}}}
			_, err := c.Fetch(context.Background())
			if err == nil {
				t.Fatal("Fetch succeeded against a refusing server")
			}
			basic := base64.StdEncoding.EncodeToString([]byte("admin:" + password))
			for _, secret := range []string{token, password, url.QueryEscape(password), basic, "SECRET"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("the error shows %q: %v", secret, err)
				}
			}
		})
	}
}
