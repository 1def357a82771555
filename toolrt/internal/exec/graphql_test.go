package exec

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The model reads an error's code (THROTTLED, FORBIDDEN) and nothing else of its extensions;
// before, it read no code at all. A long code is cut, a non-string one left out, and a server
// with numeric codes still has its errors read.
func TestErrorCodesReachTheModel(t *testing.T) {
	long := strings.Repeat("X", 100)
	cases := []struct{ name, body, want string }{
		{"code kept, the rest dropped",
			`{"data":null,"errors":[{"message":"permission denied","path":["order"],"locations":[{"line":1,"column":2}],"extensions":{"code":"FORBIDDEN","requiredPermissions":["MANAGE_ORDERS"],"debug":{"stack":"at x (y.js:1)","token":"t"}}}]}`,
			`{"data":null,"errors":[{"message":"permission denied","path":["order"],"extensions":{"code":"FORBIDDEN"}}]}`},
		{"Spring's classification",
			`{"data":null,"errors":[{"message":"Unauthorized","extensions":{"classification":"UNAUTHORIZED"}}]}`,
			`{"data":null,"errors":[{"message":"Unauthorized","extensions":{"classification":"UNAUTHORIZED"}}]}`},
		{"no extensions",
			`{"data":{"a":1},"errors":[{"message":"slow down"}]}`,
			`{"data":{"a":1},"errors":[{"message":"slow down"}]}`},
		{"a long code is cut",
			`{"data":null,"errors":[{"message":"m","extensions":{"code":"` + long + `"}}]}`,
			`{"data":null,"errors":[{"message":"m","extensions":{"code":"` + long[:64] + `…"}}]}`},
		{"a numeric code is left out, the error kept",
			`{"data":null,"errors":[{"message":"throttled","extensions":{"code":429}}]}`,
			`{"data":null,"errors":[{"message":"throttled"}]}`},
	}
	for _, c := range cases {
		res, ok := graphQLResult([]byte(c.body), decoded([]byte(c.body)))
		if !ok {
			t.Errorf("%s: not read as a GraphQL response", c.name)
			continue
		}
		if diff := cmp.Diff(c.want, res.Text); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

// decoded is decodeResponse without the reason.
func decoded(body []byte) *gqlResponse {
	r, _ := decodeResponse(body)
	return r
}

// TestAnswerReachesTheModelCompact: the model pays for every character, so an answer's
// insignificant spaces never reach its text, whichever way it was redacted: the plain path
// (nothing to redact, compacted as is) or the walk (an escape, or the token echoed). The text
// is not compacted a second time, so this holds only while redaction writes compact JSON.
func TestAnswerReachesTheModelCompact(t *testing.T) {
	const token = "tok-3b9f0c2a7d"
	cases := []struct{ name, body, want string }{
		{"plain", "{ \"data\" : {\n  \"movie\": { \"title\": \"The Matrix\", \"year\": 1999 } } }\n",
			`{"data":{"movie":{"title":"The Matrix","year":1999}}}`},
		{"an escape takes the walk", "{ \"data\": { \"plot\": \"line one\\nline two\", \"n\": [ 1, 2 ] } }",
			`{"data":{"plot":"line one\nline two","n":[1,2]}}`},
		{"the token echoed takes the walk", "{ \"data\": { \"echo\": \"Bearer " + token + "\" } }",
			`{"data":{"echo":"Bearer [token]"}}`},
	}
	for _, c := range cases {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = w.Write([]byte(c.body))
		}))
		client := &Client{Endpoint: srv.URL, Creds: staticToken(token)}
		res, err := client.Do(context.Background(), []byte(`{"query":"{ movie }"}`), false)
		srv.Close()
		if err != nil || res.Outcome != OK {
			t.Errorf("%s: %v %+v", c.name, err, res)
			continue
		}
		if res.Text != c.want {
			t.Errorf("%s: the model read %s, want %s", c.name, res.Text, c.want)
		}
	}
}

// staticToken is a token without a login to renew it.
type staticToken string

func (s staticToken) Current() (string, uint64)           { return string(s), 1 }
func (staticToken) CanRelogin() bool                      { return false }
func (staticToken) Relogin(context.Context, uint64) error { return nil }
