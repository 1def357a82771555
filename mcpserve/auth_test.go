package mcpserve

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/mcpserve/oauth/oauthtest"
	"github.com/toolgen/toolgen/toolrt"
)

// post sends one initialize with the given Authorization header (none when empty).
func post(t *testing.T, url, authorization string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(initialize))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	res, err := (&http.Client{Transport: ownTransport}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return res
}

func TestOAuthRefusesRequestsWithoutAValidBearer(t *testing.T) {
	t.Parallel()
	o := startOAuth(t, nil)
	ok := func() oauthtest.Claims { return o.iss.Valid(o.url, "alice", "concierge") }
	edit := func(f func(*oauthtest.Claims)) string { c := ok(); f(&c); return o.iss.Sign(t, c) }
	forger := oauthtest.New(t) // another issuer's key under the same key id
	bad := map[string]string{
		"no header":      "",
		"basic":          "Basic YWxpY2U6c2VjcmV0",
		"expired":        "Bearer " + edit(func(c *oauthtest.Claims) { c.Expiry = jwt.NewNumericDate(time.Now().Add(-time.Minute)) }),
		"wrong audience": "Bearer " + edit(func(c *oauthtest.Claims) { c.Audience = jwt.Audience{"http://127.0.0.1:1/"} }),
		"wrong issuer":   "Bearer " + edit(func(c *oauthtest.Claims) { c.Issuer = forger.URL }),
		"other key":      "Bearer " + forger.Sign(t, ok()),
		"alg none":       "Bearer " + unsignedToken(t, ok()),
		"unknown kid":    "Bearer " + o.iss.SignWith(t, ok(), mustKey(t), "k2"),
	}
	want := `Bearer resource_metadata="` + strings.TrimSuffix(o.url, "/") + `/.well-known/oauth-protected-resource"`
	for name, h := range bad {
		res := post(t, o.url, h)
		if res.StatusCode != http.StatusUnauthorized || res.Header.Get("WWW-Authenticate") != want {
			t.Errorf("%s: status %d, WWW-Authenticate %q; want 401 and %q", name, res.StatusCode, res.Header.Get("WWW-Authenticate"), want)
		}
	}
	if res := post(t, o.url, "Bearer "+o.token(t, "alice", "concierge")); res.StatusCode != http.StatusOK {
		t.Errorf("a valid token: status %d", res.StatusCode)
	}
	res, err := http.Get(strings.TrimSuffix(o.url, "/") + metadataPath)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var meta struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
	}
	if err := json.NewDecoder(res.Body).Decode(&meta); err != nil || meta.Resource != o.url || !slices.Equal(meta.AuthorizationServers, []string{o.iss.URL}) {
		t.Errorf("metadata %+v (%v), want resource %s and issuer %s", meta, err, o.url, o.iss.URL)
	}
}

func TestCallersSeeAndCallOnlyTheirRolesTools(t *testing.T) {
	t.Parallel()
	o := startOAuth(t, nil)
	aliceTok, bobTok := o.token(t, "alice", "concierge"), o.token(t, "bob", "support", "unrelated")
	alice, err := o.connect(t, aliceTok)
	if err != nil {
		t.Fatal(err)
	}
	bob, err := o.connect(t, bobTok)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := toolNames(t, alice), toolNames(t, bob); !slices.Contains(a, "addWatchListItem") || slices.Contains(b, "myWatchLists") || len(a) != 7 || len(b) != 5 {
		t.Fatalf("alice lists %v, bob lists %v; want concierge's 7 and support's 5", a, b)
	}
	if text, isErr := call(t, alice, "myWatchLists", `{}`); isErr || !strings.Contains(text, "watch") {
		t.Fatalf("alice's own tool: %v %s", isErr, text)
	}
	if _, err := bob.CallTool(bounded(t), &mcp.CallToolParams{Name: "myWatchLists", Arguments: json.RawMessage(`{}`)}); err == nil {
		t.Fatal("bob called concierge's myWatchLists")
	}
	if text, isErr := call(t, bob, "movie", `{"id":"42"}`); isErr || !strings.Contains(text, "The Matrix") {
		t.Fatalf("bob's own tool: %v %s", isErr, text)
	}
	log := o.audit.String()
	for _, want := range []string{`"caller":"` + o.iss.URL + `#alice","tool":"myWatchLists"`, `"caller":"` + o.iss.URL + `#bob","tool":"myWatchLists","decision":"unknown_tool"`} {
		if !strings.Contains(log, want) {
			t.Errorf("audit lacks %s:\n%s", want, log)
		}
	}
	for _, tok := range []string{aliceTok, bobTok} {
		if strings.Contains(log, tok) || strings.Contains(log, tok[:20]) {
			t.Fatal("a bearer token reached the audit trail")
		}
	}
	// Neither a token with both roles nor one with none gets a role by chance.
	for _, roles := range [][]string{{"concierge", "support"}, nil} {
		res := post(t, o.url, "Bearer "+o.token(t, "carol", roles...))
		if res.StatusCode != http.StatusForbidden || !strings.Contains(res.Header.Get("WWW-Authenticate"), `error="insufficient_scope"`) {
			t.Errorf("roles %q: status %d, %q; want 403 insufficient_scope", roles, res.StatusCode, res.Header.Get("WWW-Authenticate"))
		}
	}
}

// TestSessionIsBoundToItsCaller: another caller's token, or the same caller with another role,
// cannot continue a session it did not open.
func TestSessionIsBoundToItsCaller(t *testing.T) {
	t.Parallel()
	o := startOAuth(t, nil)
	var sid string
	hijack := ""
	client := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		tok := o.token(t, "alice", "concierge")
		if hijack != "" && r.Header.Get("Mcp-Session-Id") != "" {
			tok = hijack
		}
		r.Header.Set("Authorization", "Bearer "+tok)
		res, err := ownTransport.RoundTrip(r)
		if err == nil && res.Header.Get("Mcp-Session-Id") != "" {
			sid = res.Header.Get("Mcp-Session-Id")
		}
		return res, err
	})}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(bounded(t),
		&mcp.StreamableClientTransport{Endpoint: o.url, HTTPClient: client}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if sid == "" {
		t.Fatal("no session id")
	}
	for _, tok := range []string{o.token(t, "mallory", "concierge"), o.token(t, "alice", "support")} {
		hijack = tok
		if _, err := cs.CallTool(bounded(t), &mcp.CallToolParams{Name: "movie", Arguments: json.RawMessage(`{"id":"42"}`)}); err == nil {
			t.Errorf("another token continued alice's session")
		}
	}
}

func TestForwardTokenSendsTheCallersOwnToken(t *testing.T) {
	t.Parallel()
	o := startOAuth(t, func(c *Config) { c.Auth.ForwardToken = true })
	tok := o.token(t, "alice", "concierge")
	cs, err := o.connect(t, tok)
	if err != nil {
		t.Fatal(err)
	}
	for len(o.header) > 0 {
		<-o.header // the runtimes' own logins
	}
	text, _ := call(t, cs, "movie", `{"id":"42"}`)
	if got := <-o.header; got != "Bearer "+tok {
		t.Fatalf("the API received %q, want the caller's token", got)
	}
	if strings.Contains(text, tok) || strings.Contains(o.audit.String(), tok) {
		t.Fatal("the caller's token came back to the model or the audit")
	}
	if !strings.Contains(o.audit.String(), `"user":"`+toolrt.ForwardedUser+`","caller":"`+o.iss.URL+`#alice"`) {
		t.Errorf("audit does not say the call went with the caller's token:\n%s", o.audit.String())
	}
}

func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(bounded(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tool := range res.Tools {
		out = append(out, tool.Name)
	}
	return out
}
