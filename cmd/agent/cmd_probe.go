package main

// probe-depth sends a 20-level movie → cast → movie query straight to the endpoint, with no
// catalog, gate or budget in between, to show that the server's own depth cap holds.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/toolgen/toolgen/toolrt/gate"
)

func init() {
	register(command{
		name: "probe-depth", order: 40,
		summary: "send a pathological query straight to the server and read its refusal",
		run:     runProbe,
		groups:  []string{"probe"},
	})
}

// probeQuery nests movie → cast → movie nine times under movie(id: "42") and ends with title:
// 20 levels, past the demo server's cap of 15.
func probeQuery() string {
	const pairs = 9
	var q strings.Builder
	q.WriteString(`query { movie(id: "42")`)
	for range pairs {
		q.WriteString(" { cast { movie")
	}
	q.WriteString(" { title " + strings.Repeat("} ", 2*pairs+2))
	return strings.TrimSpace(q.String())
}

func runProbe(ctx context.Context, e *Env, args []string) error {
	endpoint, err := e.Endpoint()
	if err != nil {
		return err
	}
	query := probeQuery()
	body, err := json.Marshal(map[string]string{"query": query})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, e.Settings.Timeout)
	defer cancel()
	fmt.Fprintf(e.Out, "query  : %s\n\n", query)
	status, data, err := postRaw(ctx, endpoint, body)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Out, "HTTP %d\n%s\n", status, gate.Escape(string(data)))
	return nil
}

// probeMaxBytes bounds the refusal read back.
const probeMaxBytes = 128 << 10

// postRaw sends one GraphQL POST with no runtime in between (that is the point of the probe),
// following no redirect, and reads at most probeMaxBytes of the answer.
func postRaw(ctx context.Context, endpoint string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, probeMaxBytes))
	return resp.StatusCode, data, err
}
