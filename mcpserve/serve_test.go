package mcpserve

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// pipeServer runs ServeIO on pipes: the test writes the client's lines and reads the server's.
func pipeServer(t *testing.T, s *Server) (stdin io.WriteCloser, stdout *bufio.Reader, done <-chan error) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	errc := make(chan error, 1)
	go func() { errc <- s.ServeIO(context.Background(), inR, outW); _ = outW.Close() }()
	t.Cleanup(func() { _ = inW.Close() })
	return inW, bufio.NewReader(outR), errc
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`

func TestMalformedMessagesDoNotPanic(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	stdin, stdout, done := pipeServer(t, f.server(t, Deny, budget.Defaults()))
	send := func(line string) {
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatalf("server hung up before %.60q: %v", line, err)
		}
	}
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		for {
			line, err := stdout.ReadString('\n')
			if err != nil {
				return
			}
			lines <- line
		}
	}()
	send(initialize)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	// Each of these gets an error answer and the session goes on.
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"movie","arguments":"not an object"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":7}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":null}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"movie","arguments":{"id":"` + strings.Repeat("4", 70<<10) + `"}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"cursor":"zzz"}}`,
		`{"jsonrpc":"2.0","id":7,"method":"no/such/method"}`,
	} {
		send(line)
	}
	send(`{"jsonrpc":"2.0","id":99,"method":"ping"}`)
	if !answered(lines, `"id":99`) {
		t.Fatal("no answer to a ping after malformed requests")
	}
	// A frame that is not JSON-RPC at all ends the session (the SDK's choice), cleanly.
	for _, line := range []string{`{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}`, `not json`, strings.Repeat("x", MaxMessageBytes+10)} {
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			break
		}
	}
	_ = stdin.Close()
	go func() {
		for range lines {
		}
	}()
	if err := waitErr(t, done); err != nil {
		t.Logf("server ended with %v", err)
	}
}

// answered reads the server's lines until one contains want.
func answered(lines <-chan string, want string) bool {
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return false
			}
			if strings.Contains(line, want) {
				return true
			}
		case <-timeout:
			return false
		}
	}
}

func TestStdinClosingEndsTheServer(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	stdin, stdout, done := pipeServer(t, f.server(t, Deny, budget.Defaults()))
	if _, err := io.WriteString(stdin, initialize+"\n"); err != nil {
		t.Fatal(err)
	}
	if line, err := stdout.ReadString('\n'); err != nil || !strings.Contains(line, `"protocolVersion":"2025-06-18"`) {
		t.Fatalf("initialize answer %q: %v", line, err)
	}
	_ = stdin.Close()
	if err := waitErr(t, done); err != nil {
		t.Fatalf("end of stdin: %v, want a clean end", err)
	}
}

func TestListenRefusesNonLoopback(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:8080", "[::]:0"} {
		if ln, err := Listen(addr, false); err == nil {
			_ = ln.Close()
			t.Errorf("Listen(%q) accepted a non-loopback address", addr)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "[::1]:0", "localhost:0"} {
		ln, err := Listen(addr, false)
		if err != nil {
			if strings.Contains(err.Error(), "loopback") {
				t.Errorf("Listen(%q): %v", addr, err)
			}
			continue // no IPv6 here
		}
		_ = ln.Close()
	}
}

func TestStreamableHTTP(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- f.server(t, Deny, budget.Defaults()).ServeHTTP(ctx, ln) }()
	url := "http://" + ln.Addr().String()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Stateful streamable HTTP cannot serve 2026-07-28; the SDK client falls back.
	if v := cs.InitializeResult().ProtocolVersion; v != legacy {
		t.Errorf("HTTP negotiated %s, want %s", v, legacy)
	}
	if text, isErr := call(t, cs, "movie", `{"id":"42"}`); isErr || !strings.Contains(text, "The Matrix") {
		t.Fatalf("movie over HTTP: %v %s", isErr, text)
	}
	checkForeignHostRefused(t, url)
	_ = cs.Close()
	cancel()
	if err := waitErr(t, served); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
}

// checkForeignHostRefused sends an initialize with another Host, as a DNS-rebinding page would.
func checkForeignHostRefused(t *testing.T, url string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(initialize))
	req.Host = "evil.example"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err := (&http.Client{Transport: ownTransport}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("foreign Host header: status %d, want 403", res.StatusCode)
	}
}
