package main

// Helpers of the deferred-write tests, which run real processes: the agent binary, built once
// per test binary, against the demo server on a loopback port whose writes are counted on the
// server side.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// agentBinary builds cmd/agent once for the whole test binary.
func agentBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the agent binary and runs it as processes; skipped under -short")
	}
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "agent-bin-"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "agent")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = &buildError{err, string(out)}
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + e.out }

// demo is the Movie Database on 127.0.0.1 with a count of the writes it received.
type demo struct {
	URL    string
	writes atomic.Int64
}

// startDemo serves a fresh demo server whose wrapper counts every mutation except a login.
func startDemo(t *testing.T) *demo {
	t.Helper()
	d := &demo{}
	d.URL = moviedbtest.Start(t, d.counter).URL
	return d
}

// counter wraps the demo server, counting every mutation except a login.
func (d *demo) counter(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct{ Query string }
		_ = json.Unmarshal(body, &req)
		if strings.HasPrefix(req.Query, "mutation") && !strings.Contains(req.Query, "login(") {
			d.writes.Add(1)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

func (d *demo) count(t *testing.T, want int64, when string) {
	t.Helper()
	if got := d.writes.Load(); got != want {
		t.Errorf("%s: the server received %d writes, want %d", when, got, want)
	}
}

// proc is one finished run of the agent binary.
type proc struct {
	out, err string
	code     int
}

// agentCmd prepares the binary with a clean environment: no credential unless env adds one.
func agentCmd(t *testing.T, dir string, env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(agentBinary(t), args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}, env...)
	return cmd
}

func runBin(t *testing.T, dir string, env []string, args ...string) proc {
	t.Helper()
	cmd := agentCmd(t, dir, env, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	p := proc{out: out.String(), err: errb.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		p.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("agent %v: %v", args, err)
	}
	return p
}

// mcpSession starts `agent mcp -approve defer` as a process and connects to it over stdio.
func mcpSession(t *testing.T, dir string, env []string, args ...string) *mcp.ClientSession {
	t.Helper()
	cmd := agentCmd(t, dir, env, append([]string{"mcp", "-approve", "defer"}, args...)...)
	cmd.Stderr = &testLog{t: t}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

type testLog struct {
	t  *testing.T
	mu sync.Mutex
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.t.Logf("agent mcp: %s", strings.TrimSpace(string(p)))
	return len(p), nil
}

// callTool calls one tool and returns its text and isError.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	var sb strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			sb.WriteString(tc.Text)
		}
	}
	return sb.String(), res.IsError
}

// addArgs are the canonical write: titleId on list 1, with the model's note.
func addArgs(titleID, notes string) map[string]any {
	in := map[string]any{"watchListId": "1", "titleId": titleID, "titleType": "MOVIE"}
	if notes != "" {
		in["userNotes"] = notes
	}
	return map[string]any{"input": in}
}

// requestID finds the request id in a recorded result.
func requestID(t *testing.T, text string) string {
	t.Helper()
	var v map[string]string
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("result %q: %v", text, err)
	}
	for _, f := range strings.Fields(v["recorded"]) {
		if strings.HasPrefix(f, "req-") {
			return strings.TrimRight(f, ";,.")
		}
	}
	t.Fatalf("no request id in %q", text)
	return ""
}

// loginDocument writes the Movie Database's login mutation into dir and returns the flag naming
// it: a catalog other than the demo's gets no login mutation by default.
func loginDocument(t *testing.T, dir string) []string {
	t.Helper()
	path := filepath.Join(dir, "login.graphql")
	if err := os.WriteFile(path, []byte(moviedb.LoginDocument), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"-login-document", path}
}
