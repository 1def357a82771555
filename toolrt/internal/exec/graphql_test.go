package exec

import (
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
