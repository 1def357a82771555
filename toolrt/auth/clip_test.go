package auth

import (
	"context"
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
