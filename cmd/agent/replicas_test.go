package main

// Tests of `agent mcp -http` as an operator runs it: replicas behind a balancer sharing a
// PostgreSQL store, probes, and an API that is down when the server starts. Each runs the agent
// binary as processes on loopback.

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
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
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: a.URL}, nil)
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
