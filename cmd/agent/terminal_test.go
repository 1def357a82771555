package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// rawTerminalBytes are what must never reach a terminal unescaped from a server: ESC (ANSI/OSC
// sequences: clear screen, set title, OSC 52 clipboard writes, hyperlinks), the C1 CSI, and the
// bidi override that reorders what the person reads.
var rawTerminalBytes = []string{"\x1b", "\u009b", "\u202e"}

func hasRawTerminalBytes(s string) string {
	for _, b := range rawTerminalBytes {
		if strings.Contains(s, b) {
			return b
		}
	}
	return ""
}

// TestServerTextIsEscapedAtTheTerminal: the agent transcript escapes everything a server
// or model writes (gate.Escape), but three other paths print server-controlled text raw:
// `agent call` prints the tool result, a failed login prints the server's error message, and
// a failing model server's error message is printed by run(). JSON's \u001b decodes to a real ESC.
func TestServerTextIsEscapedAtTheTerminal(t *testing.T) {
	t.Run("call result", func(t *testing.T) {
		api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, "{\"data\":{\"movie\":{\"id\":\"42\",\"title\":\"The Matrix\u202e\u009b2J\"}}}")
		}))
		defer api.Close()
		out, errText, code := runAgent(t, "", "call", "-endpoint", api.URL, "movie", `{"id":"42"}`)
		if b := hasRawTerminalBytes(out + errText); b != "" {
			t.Errorf("exit %d: `agent call` printed a raw %q from the API to the terminal", code, b)
		}
	})
	t.Run("login failure", func(t *testing.T) {
		t.Setenv("AGENT_PASSWORD", "x")
		api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"data":null,"errors":[{"message":"bad login\u001b]0;owned\u0007\u001b[2J"}]}`)
		}))
		defer api.Close()
		out, errText, code := runAgent(t, "", "call", "-endpoint", api.URL, "-user", "user", "movie", `{"id":"42"}`)
		if b := hasRawTerminalBytes(out + errText); b != "" {
			t.Errorf("exit %d: a login error printed a raw %q from the API to the terminal: %q", code, b, errText)
		}
	})
	t.Run("model server error", func(t *testing.T) {
		model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"error":{"message":"overloaded\u001b[2J\u001b]52;c;ZXZpbA==\u0007","type":"server_error"}}`)
		}))
		defer model.Close()
		out, errText, code := runAgent(t, "", "agent", "-model-url", model.URL+"/v1", "hello")
		if b := hasRawTerminalBytes(out + errText); b != "" {
			t.Errorf("exit %d: a model server's error printed a raw %q to the terminal: %q", code, b, errText)
		}
	})
}

// TestCallShowsTheTruncationMarkerAsWritten: a result cut for the model ends with the marker
// on its own line, not with an escaped line feed.
func TestCallShowsTheTruncationMarkerAsWritten(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"data":{"movie":{"id":"42","title":"`+strings.Repeat("ab", 20000)+`"}}}`)
	}))
	defer api.Close()
	out, errText, code := runAgent(t, "", "call", "-endpoint", api.URL, "movie", `{"id":"42"}`)
	if code != 0 || !strings.HasSuffix(out, "ba\n[truncated: the result was 40041 characters; only the first 23900 are shown]\n") || strings.Contains(out, `\u{000A}`) {
		t.Errorf("exit %d, %s; output ends %q", code, errText, out[max(0, len(out)-160):])
	}
}
