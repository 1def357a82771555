package toolrt

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
)

// A failed read says whether the same request may succeed later; before, every one said "try
// again later", and the model retried a broken answer for nothing.
func TestFailedReadsSayWhetherToTryAgain(t *testing.T) {
	t.Parallel()
	deep := `{"data":{"movie":` + strings.Repeat(`{"a":`, 20000) + `1` + strings.Repeat(`}`, 20000) + `}}`
	answer := func(status int, ctype, body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ctype)
			w.WriteHeader(status)
			_, _ = w.Write([]byte(body))
		}
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	unreachable := "http://" + closed.Addr().String() + "/graphql"
	_ = closed.Close()
	for _, c := range []struct {
		name      string
		h         http.HandlerFunc // nil: unreachable
		want      string
		transient bool
	}{
		{"HTTP 503", answer(503, "text/plain", "upstream overloaded"), "the API is unavailable right now (HTTP 503); try again in a moment", true},
		{"HTTP 502", answer(502, "text/html", "<h1>502 Bad Gateway</h1>"), "the API is unavailable right now (HTTP 502)", true},
		{"HTTP 429", answer(429, "text/plain", "slow down"), "the API is limiting how often it is called (HTTP 429); wait a while", true},
		{"unreachable", nil, "the API could not be reached; try again later", true},
		{"HTML 500", answer(500, "text/html", "<html><body>Internal Server Error</body></html>"), "internal error (HTTP 500); repeating it unchanged is unlikely to help", false},
		{"not JSON", answer(200, "application/json", `{"data": {"x": [1,2,`), "the API's answer (HTTP 200) is not a GraphQL response; repeating the request will not help", false},
		{"HTML 404", answer(404, "text/html", "<h1>Not Found</h1>"), "the API's answer (HTTP 404) is not a GraphQL response", false},
		{"too deep", answer(200, "application/json", deep), "the API's answer (HTTP 200) is nested too deeply to read; repeating the request will not help", false},
	} {
		endpoint := unreachable
		if c.h != nil {
			endpoint, _ = startRaw(t, c.h)
		}
		rt := newRuntime(t, endpoint, Config{})
		res, err := rt.Direct(context.Background(), "movie", []byte(`{"id":"42"}`))
		if err != nil || res.Outcome != "failed" || !strings.Contains(res.Text, c.want) || res.Ref == "" {
			t.Errorf("%s: %v, %+v\nwant %q", c.name, err, res, c.want)
		}
		if again := strings.Contains(res.Text, "try again") || strings.Contains(res.Text, "wait"); again != c.transient {
			t.Errorf("%s: says to try again %v, want %v: %s", c.name, again, c.transient, res.Text)
		}
	}
}
