package toolrt

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// gatewayRefuses answers the first n tool requests that carry a token the way @apollo/gateway
// 2.14 does when the subgraph behind it answers HTTP 401 (seen on the federation journey):
// HTTP 200, the root field nulled, one UNAUTHENTICATED error without a path. Then it lets the
// server answer.
func gatewayRefuses(n int32) func(http.Handler) http.Handler {
	var left atomic.Int32
	left.Store(n)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			root, tool := strings.CutPrefix(operationName(r), "Tool_")
			if !tool || r.Header.Get("Authorization") == "" || left.Add(-1) < 0 {
				next.ServeHTTP(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"errors":[{"message":"401: Unauthorized","extensions":{"code":"UNAUTHENTICATED"}}],"data":{"`+root+`":null}}`)
		})
	}
}

// outcome is what a test compares of one call.
type outcome struct {
	Outcome        string
	Logins, Sent   int
	RefusedToken   bool
	QuotesGateway  bool
	RetriedOnLogin bool
}

// A refused identity behind a federation gateway is recognised like HTTP 401 for a read: with a
// user, one re-login and one retry; with a token given from outside, the refused-token text and
// the log line. Before, the model read the gateway's error and nothing was renewed or logged. A
// write is handed back as it came: the gateway's error names no field, so the write may have run.
func TestGatewayRefusal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, tool, args string
		user             bool
		want             outcome
	}{
		{"read, with a user", "myWatchLists", `{}`, true,
			outcome{Outcome: "ok", Logins: 2, Sent: 2, RetriedOnLogin: true}},
		{"read, with a token given", "movie", `{"id":"42"}`, false,
			outcome{Outcome: "unauthenticated", Sent: 1, RefusedToken: true}},
		{"write, with a user: not retried", "addWatchListItem", addMatrix, true,
			outcome{Outcome: "graphql_errors", Logins: 1, Sent: 1, QuotesGateway: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			endpoint, rec := startMovieDB(t, gatewayRefuses(1))
			var logged bytes.Buffer
			var rt *Runtime
			if c.user {
				rt = newRuntime(t, endpoint, asUser(Config{Logger: newTextLogger(&logged)}))
			} else {
				var err error
				if rt, err = New(testCatalog(t), Config{Endpoint: endpoint, Role: "concierge", Token: "stale-token-XYZ123", Logger: newTextLogger(&logged)}); err != nil {
					t.Fatal(err)
				}
			}
			run := rt.NewRun(nil, &scripted{answers: []string{"y"}})
			res, err := run.Call(context.Background(), c.tool, []byte(c.args))
			if err != nil {
				t.Fatal(err)
			}
			got := outcome{
				Outcome: string(res.Outcome), Logins: rec.count("Login"), Sent: rec.count("Tool_" + c.tool),
				RefusedToken:   strings.Contains(res.Text, "refused the access token") && strings.Contains(logged.String(), "the API refused the token"),
				QuotesGateway:  strings.Contains(res.Text, "401: Unauthorized"),
				RetriedOnLogin: res.Outcome == "ok" && !strings.Contains(res.Text, "Unauthorized"),
			}
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("(-want +got)\n%s\nresult %s", d, res.Text)
			}
		})
	}
}
