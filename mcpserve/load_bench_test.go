package mcpserve

// BenchmarkLoad is issue 26's load benchmark: the same read (movie 42, the catalog's operation
// and variables) from 1, 10 and 100 concurrent sessions, sent by an MCP client through this
// server over streamable HTTP to the demo API, and by a plain HTTP client straight to the demo
// API with the same token. calls/s side by side is what the server costs; docs/speed.md has the
// table. Everything runs in this process on loopback, so the numbers share the CPU; cpu-µs/call
// (the process's user and system time per call) is what a loaded machine changes least. The
// server writes an audit trail to a file, as a deployment does. The collector is tuned as
// cmd/agent tunes it (internal/gctune), for all paths alike: they share the process.
//
// hop is a reference, not a server: the direct client through a forwarder that does nothing
// but pass the request and the answer on (one more loopback HTTP exchange, as the MCP path has),
// so what a second hop alone costs is measured, not guessed.
//
//	go test ./mcpserve -run '^$' -bench Load -benchtime 3000x

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/gctune"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

func BenchmarkLoad(b *testing.B) {
	gctune.Start() // as cmd/agent runs; GOGC=100 in the environment measures Go's default
	log, err := audit.Open(filepath.Join(b.TempDir(), "audit.jsonl"), false)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = log.Close() })
	f := newAuditedFixture(b, log)
	for _, sessions := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("direct/sessions=%d", sessions), func(b *testing.B) { benchDirect(b, f, sessions) })
		b.Run(fmt.Sprintf("hop/sessions=%d", sessions), func(b *testing.B) { benchHop(b, f, sessions) })
		b.Run(fmt.Sprintf("mcp/sessions=%d", sessions), func(b *testing.B) { benchMCP(b, f, sessions, false) })
		b.Run(fmt.Sprintf("mcp-stateless/sessions=%d", sessions), func(b *testing.B) { benchMCP(b, f, sessions, true) })
	}
}

// spread runs b.N calls over sessions goroutines, each with its own call function, and reports
// calls/s and the CPU time the process spent per call.
func spread(b *testing.B, sessions int, call func(session int) error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := range sessions {
		wg.Go(func() {
			for next.Add(1) <= int64(b.N) {
				if err := call(i); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/call")
}

// cpuTime is the user and system time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func benchDirect(b *testing.B, f *fixture, sessions int) {
	postRead(b, f, f.endpoint, sessions)
}

// benchHop sends the direct client's requests through forwarder to the demo API.
func benchHop(b *testing.B, f *fixture, sessions int) {
	srv := httptest.NewServer(forwarder(f.endpoint, sessions))
	defer srv.Close()
	postRead(b, f, srv.URL, sessions)
}

// postRead is the direct client: the catalog's movie operation POSTed to url with the signed-in
// user's token, the answer read whole, from sessions goroutines.
func postRead(b *testing.B, f *fixture, url string, sessions int) {
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		b.Fatal(err)
	}
	var op string
	for _, t := range cat.Tools {
		if t.Name == "movie" {
			op = t.Operation
		}
	}
	body, _ := json.Marshal(map[string]any{"query": op, "operationName": "Tool_movie", "variables": map[string]any{"id": "42"}})
	token := moviedbtest.Login(b, f.endpoint, testUser, testPassword)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: sessions}, Timeout: 10 * time.Second}
	spread(b, sessions, func(int) error {
		status, data, err := graphQLPost(client, url, token, bytes.NewReader(body))
		if err == nil && (status != http.StatusOK || !bytes.Contains(data, []byte(`"The Matrix"`))) {
			err = fmt.Errorf("HTTP %d: %.200s", status, data)
		}
		return err
	})
}

// graphQLPost sends one GraphQL POST with token and reads the whole answer.
func graphQLPost(client *http.Client, url, token string, body io.Reader) (int, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, data, err
}

// forwarder passes each request's body and token to endpoint and its answer back, nothing else:
// the least any server standing between a client and the API does.
func forwarder(endpoint string, sessions int) http.Handler {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: sessions}, Timeout: 10 * time.Second}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		status, data, err := graphQLPost(client, endpoint, token, r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(data)
	})
}

// benchMCP calls through the server; stateless serves without sessions (-stateless), each
// client's requests each a session of their own on the server.
func benchMCP(b *testing.B, f *fixture, sessions int, stateless bool) {
	s, err := New(Config{Runtime: f.rt, Limits: budget.Limits{ToolCalls: 1 << 30}, Stateless: stateless,
		PerCaller: budget.NewPerCaller(budget.Rate{N: 1 << 30, Per: time.Hour}, nil),
		HTTP:      HTTPLimits{MaxSessions: 2 * sessions, MaxSessionsPerClient: 2 * sessions}})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.ServeHTTP(ctx, ln) }()
	defer func() { cancel(); <-served }()
	httpClient := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * sessions}}
	css := make([]*mcp.ClientSession, sessions)
	for i := range css {
		css[i], err = mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil).
			Connect(ctx, &mcp.StreamableClientTransport{Endpoint: "http://" + ln.Addr().String(), HTTPClient: httpClient}, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer css[i].Close()
	}
	args := json.RawMessage(`{"id":"42"}`)
	spread(b, sessions, func(i int) error {
		res, err := css[i].CallTool(ctx, &mcp.CallToolParams{Name: "movie", Arguments: args})
		if err == nil && (res.IsError || !bytes.Contains([]byte(text(res)), []byte(`"The Matrix"`))) {
			err = fmt.Errorf("result: %.200s", text(res))
		}
		return err
	})
}
