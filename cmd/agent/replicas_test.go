package main

// Tests of `agent mcp -http` as an operator runs it: replicas behind a balancer sharing a
// PostgreSQL store, probes, and an API that is down when the server starts. Each runs the agent
// binary as processes on loopback.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/internal/pgtest"
	"github.com/toolgen/toolgen/mcpserve/oauth/oauthtest"
)

// httpAgent is one `agent mcp -http 127.0.0.1:0` process.
type httpAgent struct {
	URL    string // http://127.0.0.1:PORT
	cmd    *exec.Cmd
	stderr *lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}

var servingAt = regexp.MustCompile(`at (http://127\.0\.0\.1:\d+)/`)

// startHTTPAgent starts `agent mcp -http 127.0.0.1:0 ARGS` and waits for its serving line; the
// process is killed when the test ends.
func startHTTPAgent(t *testing.T, dir string, env []string, args ...string) *httpAgent {
	t.Helper()
	cmd := agentCmd(t, dir, env, append([]string{"mcp", "-http", "127.0.0.1:0"}, args...)...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	a := &httpAgent{cmd: cmd, stderr: &lockedBuffer{}}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			_, _ = a.stderr.Write([]byte(line + "\n"))
			if m := servingAt.FindStringSubmatch(line); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
		close(found)
	}()
	select {
	case url, ok := <-found:
		if !ok {
			t.Fatalf("agent mcp %v ended before serving:\n%s", args, a.stderr.String())
		}
		a.URL = url
	case <-time.After(30 * time.Second):
		t.Fatalf("agent mcp %v did not start serving in 30s:\n%s", args, a.stderr.String())
	}
	return a
}

// connect opens an MCP session with the agent.
func (a *httpAgent) connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	return a.connectAs(t, "")
}

// connectAs opens an MCP session with the agent carrying an OAuth bearer token ("" for none).
func (a *httpAgent) connectAs(t *testing.T, token string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	transport := &mcp.StreamableClientTransport{Endpoint: a.URL}
	if token != "" {
		transport.HTTPClient = &http.Client{Transport: bearer{token}}
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, transport, nil)
	if err != nil {
		t.Fatalf("connect %s: %v\n%s", a.URL, err, a.stderr.String())
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// probe GETs a probe path and returns its status and body.
func (a *httpAgent) probe(t *testing.T, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(a.URL + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(body))
}

// reservePort returns a loopback address nothing listens on (yet).
func reservePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

// TestMCPStartsWhileTheAPIIsDown: with -user, agent mcp exited at start when the API was down
// (issue 27, item 13). Now it serves: calls answer that the API is unavailable and /readyz says
// so, and once the API is up the next call signs in and runs.
func TestMCPStartsWhileTheAPIIsDown(t *testing.T) {
	dir := t.TempDir()
	apiAddr := reservePort(t)
	a := startHTTPAgent(t, dir, []string{"AGENT_PASSWORD=" + moviedbtest.Password},
		"-endpoint", "http://"+apiAddr+"/graphql", "-user", moviedbtest.User)
	if !strings.Contains(a.stderr.String(), "could not sign in") {
		t.Errorf("start-up says nothing of the failed sign-in:\n%s", a.stderr.String())
	}
	if code, body := a.probe(t, "/healthz"); code != http.StatusOK {
		t.Errorf("/healthz while the API is down: %d %s, want 200", code, body)
	}
	if code, body := a.probe(t, "/readyz"); code != http.StatusServiceUnavailable || body != `{"ready":false,"checks":{"api":"unavailable"}}` {
		t.Errorf("/readyz while the API is down: %d %s", code, body)
	}
	cs := a.connect(t)
	text, isError := callTool(t, cs, "myWatchLists", nil)
	if !isError || !strings.Contains(text, "the API is unavailable right now: this server could not sign in to it, so nothing was sent") {
		t.Errorf("a call while the API is down: isError %v, %s", isError, text)
	}

	ln, err := net.Listen("tcp", apiAddr)
	if err != nil {
		t.Fatal(err)
	}
	moviedbtest.StartOn(t, ln)
	text, isError = callTool(t, cs, "myWatchLists", nil)
	if isError || !strings.Contains(text, "To watch this weekend") {
		t.Errorf("the first call once the API is up: isError %v, %s", isError, text)
	}
	time.Sleep(readyCacheForTest) // /readyz reuses its answer for a second
	if code, body := a.probe(t, "/readyz"); code != http.StatusOK || body != `{"ready":true,"checks":{"api":"ok"}}` {
		t.Errorf("/readyz once the API is up: %d %s", code, body)
	}
}

// readyCacheForTest outlasts mcpserve's reuse of one /readyz answer.
const readyCacheForTest = 1100 * time.Millisecond

// TestReplicasShareOnePostgresStore is issue 26's test of replicas: two `agent mcp -http`
// processes share a real PostgreSQL store and one OAuth resource (a loopback issuer signs the
// tokens). A request without a bearer gets 401 and the resource metadata; two callers with
// different role claims see different tools on either replica, and neither calls a tool of the
// other's role. A write proposed through replica A is listed and confirmed once from the
// shared store by other processes, and a second confirm sends nothing (the demo API counts the
// writes it received); the per-caller ceiling holds across both replicas, for that caller
// only; a replica killed in the middle of a request loses nothing it acknowledged.
func TestReplicasShareOnePostgresStore(t *testing.T) {
	dsn := pgtest.Start(t).Database(t)
	iss := oauthtest.New(t)
	// The balancer's address: every replica is this one resource, so a token works on any.
	const resource = "https://mcp.replicas.test/"
	alice := iss.Sign(t, iss.Valid(resource, "alice", "concierge"))
	bob := iss.Sign(t, iss.Valid(resource, "bob", "support"))
	release := make(chan struct{})
	var blocked atomic.Int64
	api := &demo{}
	hold := func(next http.Handler) http.Handler { // holds every search until the test releases it
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if bytes.Contains(body, []byte("Tool_search")) {
				blocked.Add(1)
				<-release
			}
			next.ServeHTTP(w, r)
		})
	}
	api.URL = moviedbtest.Start(t, api.counter, hold).URL
	t.Cleanup(func() { close(release) })

	dir := t.TempDir()
	pw := []string{"AGENT_PASSWORD=" + moviedbtest.Password}
	common := []string{"-endpoint", api.URL, "-store", dsn}
	serve := append([]string{"-approve", "defer", "-user", moviedbtest.User, "-max-calls-per-caller", "5/1000h",
		"-oauth-jwks", iss.JWKS, "-oauth-issuer", iss.URL, "-oauth-audience", resource}, common...)
	a, b := startHTTPAgent(t, dir, pw, serve...), startHTTPAgent(t, dir, pw, serve...)
	if !strings.Contains(a.stderr.String(), "counted in postgres://postgres@127.0.0.1:") {
		t.Errorf("replica A does not say its ceiling is shared:\n%s", a.stderr.String())
	}
	for _, r := range []*httpAgent{a, b} {
		if code, body := r.probe(t, "/readyz"); code != http.StatusOK || body != `{"ready":true,"checks":{"api":"ok","store":"ok"}}` {
			t.Errorf("/readyz: %d %s", code, body)
		}
	}
	noBearer(t, b, resource, iss.URL)
	csA, csB, bobB := a.connectAs(t, alice), b.connectAs(t, alice), b.connectAs(t, bob)

	// Each caller lists its own role's tools, the same on both replicas; the roles differ.
	aliceTools, aliceOnB, bobTools := toolNames(t, csA), toolNames(t, csB), toolNames(t, bobB)
	if aliceTools != aliceOnB {
		t.Errorf("alice (concierge) lists %s through A, %s through B", aliceTools, aliceOnB)
	}
	if aliceTools != "movie movies person search tvShow myWatchLists addWatchListItem" || bobTools != "movie movies person search tvShow" {
		t.Errorf("alice (concierge) lists %s; bob (support) lists %s", aliceTools, bobTools)
	}
	// Bob cannot call a concierge tool by its name: the SDK refuses it before any handler.
	if _, err := bobB.CallTool(context.Background(), &mcp.CallToolParams{Name: "myWatchLists", Arguments: map[string]any{}}); err == nil || !strings.Contains(err.Error(), `unknown tool "myWatchLists"`) {
		t.Errorf("bob (support) calls myWatchLists: %v, want unknown tool", err)
	}

	// Proposed through A (call 1 of the caller's 5): acknowledged with a request id.
	text, _ := callTool(t, csA, "addWatchListItem", addArgs("42", ""))
	id := requestID(t, text)

	// A dies while it serves a search (call 2): the API holds the search, the process is killed.
	failed := make(chan error, 1)
	go func() {
		_, err := csA.CallTool(context.Background(), &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "matrix"}})
		failed <- err
	}()
	for deadline := time.Now().Add(20 * time.Second); blocked.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the search never reached the API:\n%s", a.stderr.String())
		}
	}
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := <-failed; err == nil {
		t.Error("the search in flight when replica A was killed answered")
	}

	// Another process lists the acknowledged write from the shared store, pending.
	list := runBin(t, dir, nil, append([]string{"pending"}, common...)...)
	if !strings.Contains(list.out, id) || strings.Count(list.out, "  pending  ") != 1 {
		t.Fatalf("agent pending after A was killed:\n%s%s", list.out, list.err)
	}
	// Confirmed once; a second confirm sends nothing.
	first := runBin(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...)
	if first.code != 0 || !strings.Contains(first.out, "sent once: outcome ok") {
		t.Fatalf("confirm: exit %d\n%s%s", first.code, first.out, first.err)
	}
	api.count(t, 1, "after the confirm")
	second := runBin(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...)
	if !strings.Contains(second.out, "already confirmed") {
		t.Errorf("second confirm: exit %d\n%s%s", second.code, second.out, second.err)
	}
	api.count(t, 1, "after a second confirm")

	// The caller made 2 calls through A; B admits 3 more, then refuses: one ceiling for both.
	for i := range 3 {
		if text, isError := callTool(t, csB, "movie", map[string]any{"id": "42"}); isError {
			t.Fatalf("call %d through B: %s", i+3, text)
		}
	}
	text, isError := callTool(t, csB, "movie", map[string]any{"id": "42"})
	if !isError || !strings.Contains(text, "ceiling of 5 calls per 1000h for each caller is reached") {
		t.Errorf("the 6th call of the caller, through B: isError %v, %s", isError, text)
	}
	// Bob's count is his own.
	if text, isError := callTool(t, bobB, "movie", map[string]any{"id": "42"}); isError {
		t.Errorf("bob's first call, after alice's ceiling: %s", text)
	}
}

// noBearer checks that replica r refuses a request without a bearer token with 401 naming the
// protected-resource metadata, and serves that metadata: the shared resource and its issuer.
func noBearer(t *testing.T, r *httpAgent, resource, issuer string) {
	t.Helper()
	res, err := http.Post(r.URL, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	metaURL := strings.TrimSuffix(resource, "/") + "/.well-known/oauth-protected-resource"
	if got := res.Header.Get("WWW-Authenticate"); res.StatusCode != http.StatusUnauthorized || !strings.Contains(got, `resource_metadata="`+metaURL+`"`) {
		t.Errorf("no bearer: %d, WWW-Authenticate %q; want 401 naming %s", res.StatusCode, got, metaURL)
	}
	code, body := r.probe(t, "/.well-known/oauth-protected-resource")
	var meta struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
	}
	if err := json.Unmarshal([]byte(body), &meta); code != http.StatusOK || err != nil || meta.Resource != resource || len(meta.AuthorizationServers) != 1 || meta.AuthorizationServers[0] != issuer {
		t.Errorf("the resource metadata: %d %s", code, body)
	}
}

// toolNames lists a session's tools, in the order served.
func toolNames(t *testing.T, cs *mcp.ClientSession) string {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	return strings.Join(names, " ")
}
