package exec

import "testing"

// TestAuthFailed pins when a re-login and a retry of the same bytes are safe: only when the
// server refused the identity before anything ran.
func TestAuthFailed(t *testing.T) {
	const (
		rootRefusal  = `{"data":null,"errors":[{"message":"Unauthorized","path":["myWatchLists"],"extensions":{"classification":"UNAUTHORIZED"}}]}`
		requestLevel = `{"errors":[{"message":"token expired","extensions":{"code":"UNAUTHENTICATED"}}]}`
		fieldLevel   = `{"data":{"add":{"item":{"notes":null}}},"errors":[{"message":"no","path":["add","item","notes"],"extensions":{"code":"UNAUTHORIZED"}}]}`
		deepNullData = `{"data":null,"errors":[{"message":"no","path":["add","item","notes"],"extensions":{"code":"UNAUTHORIZED"}}]}`
		mixed        = `{"data":null,"errors":[{"message":"Unauthorized","extensions":{"code":"UNAUTHORIZED"}},{"message":"boom","extensions":{"code":"INTERNAL"}}]}`
		forbidden    = `{"data":null,"errors":[{"message":"Forbidden","path":["x"],"extensions":{"classification":"FORBIDDEN"}}]}`
		// @apollo/gateway 2.14 when a subgraph answers HTTP 401: HTTP 200, the root nulled, no path.
		gateway     = `{"errors":[{"message":"401: Unauthorized","extensions":{"code":"UNAUTHENTICATED"}}],"data":{"me":null}}`
		gatewayTwo  = `{"errors":[{"message":"401: Unauthorized","extensions":{"code":"UNAUTHENTICATED"}}],"data":{"me":null,"user":null}}`
		gatewayPart = `{"errors":[{"message":"401: Unauthorized","extensions":{"code":"UNAUTHENTICATED"}}],"data":{"me":null,"product":{"name":"GraphQL Book"}}}`
		// the same gateway when the write ran and a subgraph then refused a non-null field of its
		// answer: the null reaches data, and the error has no path
		gatewayWrite = `{"errors":[{"message":"401: Unauthorized","extensions":{"code":"UNAUTHENTICATED"}}],"data":null}`
		gatewayMix   = `{"errors":[{"message":"401: Unauthorized","extensions":{"code":"UNAUTHENTICATED"}},{"message":"no","path":["product"],"extensions":{"code":"FORBIDDEN"}}],"data":{"me":null,"product":null}}`
	)
	cases := []struct {
		name     string
		status   int
		body     string
		mutation bool
		want     bool
	}{
		{"HTTP 401", 401, `not json`, true, true},
		{"root refusal, read", 200, rootRefusal, false, true},
		{"root refusal, write", 200, rootRefusal, true, true},
		{"request level", 200, requestLevel, true, true},
		{"field level next to data, read", 200, fieldLevel, false, false},
		{"field level next to data, write", 200, fieldLevel, true, false},
		{"deep error nulled the data, read", 200, deepNullData, false, true},
		{"deep error nulled the data, write: it ran", 200, deepNullData, true, false},
		{"one error is not about identity", 200, mixed, false, false},
		{"forbidden is not an identity problem", 200, forbidden, false, false},
		{"gateway: the root field nulled, read", 200, gateway, false, true},
		{"gateway: every root field nulled, read", 200, gatewayTwo, false, true},
		{"gateway: one root field answered, read", 200, gatewayPart, false, false},
		{"gateway: a forbidden root among them, read", 200, gatewayMix, false, false},
		{"gateway: the root field nulled, write: it may have run", 200, gateway, true, false},
		{"data null with a pathless auth error, write: it may have run", 200, gatewayWrite, true, false},
		{"data null with a pathless auth error, read", 200, gatewayWrite, false, true},
	}
	for _, c := range cases {
		if got := authFailed(c.status, decoded([]byte(c.body)), c.mutation); got != c.want {
			t.Errorf("%s: authFailed = %v, want %v", c.name, got, c.want)
		}
	}
}

// Another API's auth code is recognised when the client is told it; the default is unchanged.
func TestAuthCodesOption(t *testing.T) {
	body := []byte(`{"data":null,"errors":[{"message":"expired","extensions":{"code":"SESSION_EXPIRED"}}]}`)
	if authFailed(200, decoded(body), false) {
		t.Error("SESSION_EXPIRED counted as an auth failure by default")
	}
	if !authFailed(200, decoded(body), false, "SESSION_EXPIRED") {
		t.Error("SESSION_EXPIRED not recognised when configured")
	}
	d := DefaultAuthErrorCodes()
	d[0] = "CHANGED"
	if DefaultAuthErrorCodes()[0] != "UNAUTHENTICATED" {
		t.Error("the default can be changed by a caller")
	}
}
