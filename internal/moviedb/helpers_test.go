package moviedb

// Helpers shared by the tests: every test talks to a real server over loopback HTTP.
//
// Each test starts its own server, so the tests run in parallel: closing the server that
// answered TestHTTPRefusals's 10 MiB request waits out net/http's half-second linger after a
// 413, and the other tests overlap it. TestAliasAttackIsRefusedBeforeExecution measures the
// process's allocations and stays sequential (sequential tests finish before parallel ones start).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"
)

// startServer runs a fresh server until the test ends and returns its URL.
func startServer(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := Start(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		if err := srv.Close(); err != nil {
			t.Error(err)
		}
	})
	return srv.URL()
}

// gqlResponse is a decoded GraphQL response; data stays raw so each test decodes its own shape.
type gqlResponse struct {
	Data   json.RawMessage `json:"data"`
	Errors []gqlErr        `json:"errors"`
}

// gqlErr is one entry of errors.
type gqlErr struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

// post sends body to url and returns the status and the raw response body.
func post(t testing.TB, url, token string, body []byte) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, out
}

// gql runs one operation and decodes data into out (when out is not nil).
func gql(t testing.TB, url, token, query string, vars map[string]any, out any) gqlResponse {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		t.Fatal(err)
	}
	status, raw := post(t, url, token, body)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, raw)
	}
	var resp gqlResponse
	if err := json.Unmarshal(raw, &resp); err != nil {
		t.Fatalf("decoding %s: %v", raw, err)
	}
	if out != nil && len(resp.Data) > 0 {
		if err := json.Unmarshal(resp.Data, out); err != nil {
			t.Fatalf("decoding data %s: %v", resp.Data, err)
		}
	}
	return resp
}

// login returns a token for username, failing the test if login fails.
func login(t testing.TB, url, username, password string) string {
	t.Helper()
	var data struct{ Login struct{ Token string } }
	resp := gql(t, url, "", `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { token } }`,
		map[string]any{"u": username, "p": password}, &data)
	if len(resp.Errors) > 0 || data.Login.Token == "" {
		t.Fatalf("login %s: %+v", username, resp.Errors)
	}
	return data.Login.Token
}

// classifications lists errors[].extensions.classification in order.
func classifications(resp gqlResponse) []string {
	var out []string
	for _, e := range resp.Errors {
		c, _ := e.Extensions["classification"].(string)
		out = append(out, c)
	}
	return out
}

// fmtAny renders v with field names, for compact comparisons of small values.
func fmtAny(v any) string { return fmt.Sprintf("%+v", v) }
