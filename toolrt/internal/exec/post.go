// Package exec sends one GraphQL request and turns the answer into text a model may read:
// a deadline that also covers reading the body, a 128 KiB response cap, a 24,000-character
// cap on the model's text, GraphQL errors handed back as data, transport failures as a fixed
// message with a reference id, one re-login on an authentication failure, and no retry of a
// mutation whose outcome is unknown.
package exec

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// Limits of one request.
const (
	DefaultTimeout   = 10 * time.Second
	MaxResponseBytes = 128 << 10
)

// ErrTooLarge is returned by Post for a response body over MaxResponseBytes.
var ErrTooLarge = fmt.Errorf("response body is larger than %d bytes", MaxResponseBytes)

// NewHTTPClient returns the client the runtime uses when none is given: it never follows a
// redirect, because a redirected POST would carry the body (and a write) somewhere unreviewed.
// Its connections are the process's one pool (transport).
func NewHTTPClient() *http.Client {
	return &http.Client{
		Transport:     transport(),
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// MaxIdleConnsPerHost is how many idle connections to the API the runtime keeps open: as many
// as calls a busy MCP server has in flight. net/http's default transport keeps 2, so with 10
// calls at once 8 of every 10 connections were closed after their answer and dialled again
// (a TCP handshake, two goroutines and their buffers on each side, per call).
const MaxIdleConnsPerHost = 64

// transport is http.DefaultTransport's settings (proxy from the environment, timeouts) with
// MaxIdleConnsPerHost; one for the process, so every runtime (one per role) shares its pool.
var transport = sync.OnceValue(func() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = MaxIdleConnsPerHost
	t.MaxIdleConns = max(t.MaxIdleConns, MaxIdleConnsPerHost)
	return t
})

// Post sends body to endpoint as one GraphQL POST with h's fixed headers and an optional token
// in h's token header (zero: DefaultTokenHeader), and reads at most MaxResponseBytes of the answer. The caller's ctx deadline bounds the whole exchange,
// body read included: net/http aborts a body read when the request's context ends.
func Post(ctx context.Context, client *http.Client, endpoint string, body []byte, token string, h Headers) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/graphql-response+json, application/json")
	h.set(req, token)
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	if err != nil {
		return resp.StatusCode, nil, err
	}
	if len(data) > MaxResponseBytes {
		return resp.StatusCode, nil, ErrTooLarge
	}
	return resp.StatusCode, data, nil
}

// NewRef returns a fresh reference id tying a fixed message to the details in the log.
func NewRef() string {
	var b [6]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return "ref-" + hex.EncodeToString(b[:])
}

// isTimeout reports whether err is the request's own deadline, not the caller's cancellation.
func isTimeout(err error) bool {
	return errors.Is(err, context.DeadlineExceeded)
}
