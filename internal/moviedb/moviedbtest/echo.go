package moviedbtest

import (
	"net/http"
	"strings"
	"sync"

	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// TokenEcho is a hostile API in front of the demo server: logins pass through, and every request
// that carries a bearer token is answered with body(the token, every character a \u escape),
// which JSON allows and whose bytes never contain the token.
type TokenEcho struct {
	body func(escaped string) string
	mu   sync.Mutex
	sent []string
}

// NewTokenEcho answers with body, which receives the escaped token to place in its JSON.
func NewTokenEcho(body func(escaped string) string) *TokenEcho { return &TokenEcho{body: body} }

// Wrap puts the echo in front of the demo server (for Start).
func (e *TokenEcho) Wrap(login http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if tok == "" { // the login goes to the real demo server
			login.ServeHTTP(w, r)
			return
		}
		e.mu.Lock()
		e.sent = append(e.sent, tok)
		e.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(e.body(toolrttest.EscapeAll(tok))))
	})
}

// Sent is every token the echo received, to look for in what left the runtime.
func (e *TokenEcho) Sent() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.sent...)
}
