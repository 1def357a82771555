package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

// A token the API refuses is named as the token, with what to do, and never printed; with the
// default header the message says where the token went and how to name another header, and
// the API's own (redacted) answer is logged under a reference id.
func TestRefusedTokenSaysWhatToDo(t *testing.T) {
	const stale = "stale-token-XYZ123"
	t.Setenv("AGENT_TOKEN", stale)
	out, errText, code := runAgent(t, "", "call", "myWatchLists")
	if code != 1 || !strings.Contains(out, "the API refused the access token this agent was given") ||
		!strings.Contains(errText, "the API refused $AGENT_TOKEN for myWatchLists: it is expired, revoked, not a token of this API, or sent in a header the API does not read. Sign in again where it was issued") ||
		!strings.Contains(errText, `It went out as "Authorization: Bearer …"; if the API reads its token from another header, name it with -token-header`) ||
		!strings.Contains(errText, `msg="the API refused the token" ref=ref-`) || !strings.Contains(errText, "Unauthorized") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errText)
	}
	if strings.Contains(out+errText, stale) {
		t.Errorf("the token was printed:\n%s%s", out, errText)
	}
}

// A login that works, then a refusal of its token: the token went out in a header the API does
// not read, not a wrong password, so the message says so (it said to check the password).
func TestRefusalAfterLoginPointsAtTheHeader(t *testing.T) {
	bearerRefused := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "" {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	api := moviedbtest.Start(t, bearerRefused).URL
	t.Setenv("AGENT_PASSWORD", moviedbtest.Password)
	_, errText, code := runAgent(t, "", "call", "-endpoint", api, "-user", moviedbtest.User, "myWatchLists")
	if code != 1 || !strings.Contains(errText, "The login itself worked, so the password is likely right") || !strings.Contains(errText, "-token-header") {
		t.Errorf("exit %d, stderr %s", code, errText)
	}
}
