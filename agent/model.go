package agent

// This file is the model client: one POST {base}/chat/completions per call through go-openai,
// configured from explicit settings only (it reads no environment and never retries), with one
// deadline per call and every HTTP attempt admitted by the run budget before it leaves.
//
// Why go-openai and not the official openai-go: the loop needs one endpoint, and openai-go's
// generated client for the whole API doubled cmd/agent (55 MB against 26 MB) and added about a
// second to each link of it and of both test binaries; go-openai adds under 1 MB.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolgen/toolgen/internal/loopback"
	"github.com/toolgen/toolgen/toolrt/redact"
)

// DefaultModelTimeout bounds one model call; a local 8B model on a CPU can take minutes.
const DefaultModelTimeout = 5 * time.Minute

// ModelConfig says which OpenAI-compatible server and model the loop talks to.
type ModelConfig struct {
	URL        string        // base URL, e.g. http://localhost:11434/v1; required
	Model      string        // the model's name on that server; required
	Key        string        // API key; "" sends no Authorization header
	KeySource  string        // where a person sets the key, for hints (cmd/agent: AGENT_MODEL_KEY)
	Timeout    time.Duration // per call, body read included; 0 means DefaultModelTimeout
	HTTPClient *http.Client  // nil means a fresh client that follows no redirects
	// InsecureHTTP lets Key go over plain http:// to a host that is not loopback, as
	// toolrt.Config.InsecureHTTP does for the API's credentials (cmd/agent: -insecure-http).
	InsecureHTTP bool
}

// checkKeyInClear refuses a key that would cross a network in clear, by the rule the runtime
// applies to the API's password and token (loopback.InClear); only the message is the model's.
func (c ModelConfig) checkKeyInClear() error {
	u, err := url.Parse(c.URL)
	if err != nil {
		return fmt.Errorf("agent: the model URL %q: %v", c.URL, err)
	}
	if c.Key == "" || c.InsecureHTTP || !loopback.InClear(u) {
		return nil
	}
	key := "the model's API key"
	if c.KeySource != "" {
		key += " (" + c.KeySource + ")"
	}
	return fmt.Errorf("the model URL %s is plain HTTP to a host that is not loopback: %s would cross the network in clear; use https://, or pass -insecure-http if this network is trusted", c.URL, key)
}

// model is the chat-completions client of one agent.
type model struct {
	cfg    ModelConfig
	client *openai.Client
}

// newModel builds the client. admit runs before every HTTP attempt, in the transport, so a
// retry, if anything ever made one, would still be counted against the model-call ceiling.
func newModel(cfg ModelConfig, admit func() error) *model {
	cfg = cfg.withDefaults()
	oc := openai.DefaultConfig(cfg.Key) // "" sends no Authorization header
	oc.BaseURL = strings.TrimSuffix(cfg.URL, "/")
	next := cfg.HTTPClient.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	hc := *cfg.HTTPClient // a copy: the caller's client keeps its own transport
	hc.Transport = &admitted{next: next, admit: admit}
	oc.HTTPClient = &hc
	return &model{cfg: cfg, client: openai.NewClientWithConfig(oc)}
}

// admitted asks the run budget before each attempt leaves and caps each reply's body.
type admitted struct {
	next  http.RoundTripper
	admit func() error
}

func (a *admitted) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := a.admit(); err != nil {
		if req.Body != nil {
			req.Body.Close() // a RoundTripper closes the body even when it sends nothing
		}
		return nil, err
	}
	resp, err := a.next.RoundTrip(req)
	if resp != nil {
		resp.Body = &cappedBody{rc: resp.Body, left: MaxReplyBytes}
	}
	return resp, err
}

// MaxReplyBytes bounds one model reply: tool results are capped, and so is what the model sends
// back, so a faulty server or proxy cannot make the agent buffer without limit.
const MaxReplyBytes = 4 << 20

var errReplyTooLarge = fmt.Errorf("the reply is larger than %d MiB", MaxReplyBytes>>20)

// cappedBody fails the read that goes past the cap.
type cappedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errReplyTooLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *cappedBody) Close() error { return b.rc.Close() }

func (c ModelConfig) withDefaults() ModelConfig {
	if c.Timeout <= 0 {
		c.Timeout = DefaultModelTimeout
	}
	if c.HTTPClient == nil {
		// A redirect could carry the key to another host; a model server has no reason to send one.
		c.HTTPClient = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		}}
	}
	return c
}

// complete sends one request; tools == nil sends none, asking for an answer in words.
func (m *model) complete(ctx context.Context, msgs []message, tools []openai.Tool) (message, error) {
	ctx, cancel := context.WithTimeout(ctx, m.cfg.Timeout)
	defer cancel()
	req := openai.ChatCompletionRequest{Model: m.cfg.Model, Messages: msgs, Tools: tools}
	res, err := m.client.CreateChatCompletion(ctx, req)
	if err != nil {
		return message{}, m.explain(ctx, err)
	}
	if len(res.Choices) == 0 {
		return message{}, &ModelError{URL: m.cfg.URL, Msg: "answered with no choices"}
	}
	return res.Choices[0].Message, nil
}

// ModelError is a failed model call, phrased for the person at the terminal.
type ModelError struct {
	URL  string
	Msg  string
	Hint string // how to fix it, or ""
	Err  error
}

func (e *ModelError) Error() string {
	s := "the model server at " + e.URL + " " + e.Msg
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

func (e *ModelError) Unwrap() error { return e.Err }

// explain turns a client error into one message naming the URL and, where it helps, the fix.
// Budget refusals and cancellation pass through unchanged so the loop can tell them apart.
func (m *model) explain(ctx context.Context, err error) error {
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	var netErr *net.OpError
	switch {
	case isBudget(err) || errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, errReplyTooLarge):
		return &ModelError{URL: m.cfg.URL, Msg: "sent " + errReplyTooLarge.Error() + "; it was discarded", Err: err}
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil:
		return &ModelError{URL: m.cfg.URL, Msg: fmt.Sprintf("did not answer within %s", m.cfg.Timeout), Err: err}
	case errors.As(err, &apiErr):
		return m.statusError(apiErr.HTTPStatusCode, apiErr.Message, err)
	case errors.As(err, &reqErr): // an error status whose body is not OpenAI's error object
		return m.statusError(reqErr.HTTPStatusCode, "", err)
	case errors.As(err, &netErr) && netErr.Op == "dial", isDNS(err):
		return &ModelError{URL: m.cfg.URL, Msg: "cannot be reached (" + rootCause(err) + ")", Err: err, Hint: m.unreachableHint()}
	default:
		return &ModelError{URL: m.cfg.URL, Msg: "failed: " + rootCause(err), Err: err}
	}
}

// statusError phrases an error status; text is the server's message, or "".
func (m *model) statusError(status int, text string, err error) error {
	msg := fmt.Sprintf("answered %d %s", status, http.StatusText(status))
	if text != "" {
		// A server may quote the key it refused: redact it, in any spelling, before the cut.
		key := redact.New(redact.Secret{Value: m.cfg.Key, Label: "[key]"})
		msg += ": " + clip(key.String(text), 200)
	}
	e := &ModelError{URL: m.cfg.URL, Msg: msg, Err: err}
	switch status {
	case http.StatusNotFound:
		e.Hint = fmt.Sprintf("check -model-url, and that the server has a model named %q", m.cfg.Model)
		if isOllama(m.cfg.URL) {
			e.Hint = fmt.Sprintf("check -model-url, and that the model exists (`ollama pull %s`)", m.cfg.Model)
		}
	case http.StatusUnauthorized, http.StatusForbidden:
		e.Hint = "the server wants an API key"
		if m.cfg.KeySource != "" {
			e.Hint = "set " + m.cfg.KeySource + " to the server's API key"
		}
	}
	return e
}

// unreachableHint says how to start the server the URL names: Ollama's commands only for
// Ollama's own address, since for any other server they would mislead.
func (m *model) unreachableHint() string {
	if isOllama(m.cfg.URL) {
		return fmt.Sprintf("start Ollama with `ollama serve` and pull the model with `ollama pull %s`, "+
			"or point -model-url at another OpenAI-compatible server", m.cfg.Model)
	}
	return "check that the server is running and that -model-url is its OpenAI-compatible base URL"
}

// isOllama reports whether the URL is Ollama's default address on this machine (port 11434).
func isOllama(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Port() != "11434" {
		return false
	}
	switch u.Hostname() {
	case "localhost", "127.0.0.1", "::1", "0.0.0.0", "host.docker.internal":
		return true
	}
	return false
}

func isDNS(err error) bool {
	var dnsErr *net.DNSError
	return errors.As(err, &dnsErr)
}

// rootCause is the part of a transport error a person can act on, e.g. "connect: connection
// refused", without the URL the message already names.
func rootCause(err error) string {
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Err != nil {
		return opErr.Err.Error()
	}
	for errors.Unwrap(err) != nil {
		err = errors.Unwrap(err)
	}
	return err.Error()
}
