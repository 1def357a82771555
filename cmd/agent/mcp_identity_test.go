package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/mcpserve/oauth/oauthtest"
)

func TestMCPIdentityFlagsAreCheckedBeforeStarting(t *testing.T) {
	t.Setenv(EndpointEnv, "http://127.0.0.1:1/graphql") // never reached: the flags are refused first
	for args, want := range map[string]string{
		"mcp -oauth-issuer https://idp.example":             "apply to -http",
		"mcp -http 127.0.0.1:0 -forward-token":              "-forward-token needs -oauth-jwks",
		"mcp -http 127.0.0.1:0 -state-key k":                "-state-key applies to -stateless",
		"mcp -http 127.0.0.1:0 -oauth-issuer https://idp.x": "-oauth-jwks: required",
		"mcp -http 127.0.0.1:0 -max-sessions -1":            "cannot be negative",
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), strings.Fields(args), strings.NewReader(""), &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", args, code, stderr.String(), want)
		}
	}
}

// TestMCPServesEachOAuthCallerItsRole runs agent mcp -http with OAuth flags against the demo
// API and a loopback issuer: no bearer gets 401 with the metadata; each role's caller lists
// its own role's tools from the one process.
func TestMCPServesEachOAuthCallerItsRole(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "user123")
	demo := moviedbtest.Start(t)
	iss := oauthtest.New(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	url := "http://" + addr + "/"
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuf
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"mcp", "-http", addr, "-endpoint", demo.URL, "-user", "user",
			"-oauth-jwks", iss.JWKS, "-oauth-issuer", iss.URL, "-oauth-audience", url}, strings.NewReader(""), &stdout, &stderr)
	}()
	defer func() { cancel(); <-done }()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(stderr.String(), "serving") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(stderr.String(), "roles concierge, support to OAuth callers") {
		t.Fatalf("status line: %s", stderr.String())
	}
	res, err := http.Post(url, "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized || !strings.Contains(res.Header.Get("WWW-Authenticate"), "resource_metadata=") {
		t.Fatalf("no bearer: %d %q", res.StatusCode, res.Header.Get("WWW-Authenticate"))
	}
	for role, n := range map[string]int{"concierge": 7, "support": 5} {
		tok := iss.Sign(t, iss.Valid(url, "someone-"+role, role))
		client := &http.Client{Transport: bearer{tok}}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "0"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: client}, nil)
		if err != nil {
			t.Fatal(err)
		}
		list, err := cs.ListTools(ctx, nil)
		if err != nil || len(list.Tools) != n {
			t.Errorf("role %s: %d tools (%v), want %d", role, len(list.Tools), err, n)
		}
		_ = cs.Close()
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// syncBuf is a buffer the command writes while the test reads it.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestForwardTokenOverPlainHTTPIsRefused: with -forward-token the server holds no login, so the
// plain-HTTP check had nothing to guard and every caller's OAuth token went to a remote
// http:// API in clear. It is refused at start unless -insecure-http says the network is trusted.
func TestForwardTokenOverPlainHTTPIsRefused(t *testing.T) {
	iss := oauthtest.New(t)
	var stdout, stderr syncBuf
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // a regression serves until then
	defer cancel()
	code := run(ctx, []string{"mcp", "-http", "127.0.0.1:0", "-endpoint", "http://api.example.test/graphql", "-forward-token",
		"-oauth-jwks", iss.JWKS, "-oauth-issuer", iss.URL, "-oauth-audience", "http://127.0.0.1:1/"}, strings.NewReader(""), &stdout, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "-forward-token: -endpoint http://api.example.test/graphql is plain HTTP") {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}
