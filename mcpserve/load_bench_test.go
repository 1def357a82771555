package mcpserve

// BenchmarkLoad is issue 26's load benchmark: the same read (movie 42, the catalog's operation
// and variables) from 1, 10 and 100 concurrent sessions, sent by an MCP client through this
// server over streamable HTTP to the demo API, and by a plain HTTP client straight to the demo
// API with the same token. calls/s side by side is what the server costs; docs/speed.md has the
// table. Everything runs in this process on loopback, so the numbers share the CPU; cpu-µs/call
// (the process's user and system time per call) is what a loaded machine changes least. The
// server writes an audit trail to a file, as a deployment does.
//
//	go test ./mcpserve -run '^$' -bench Load -benchtime 3000x

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

func BenchmarkLoad(b *testing.B) {
	log, err := audit.Open(filepath.Join(b.TempDir(), "audit.jsonl"), false)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = log.Close() })
	f := newAuditedFixture(b, log)
	for _, sessions := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("direct/sessions=%d", sessions), func(b *testing.B) { benchDirect(b, f, sessions) })
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
		req, _ := http.NewRequest(http.MethodPost, f.endpoint, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil && (resp.StatusCode != http.StatusOK || !bytes.Contains(data, []byte(`"The Matrix"`))) {
			err = fmt.Errorf("HTTP %d: %.200s", resp.StatusCode, data)
		}
		return err
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
