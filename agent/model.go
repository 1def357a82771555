package agent

// This file is the model client: one POST {base}/chat/completions per call through the
// official openai-go client, built from explicit options only, with retries off, one deadline
// per call and every HTTP attempt admitted by the run budget before it leaves.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/toolgen/toolgen/toolrt/redact"
)

// Defaults for the model flags: Ollama's OpenAI-compatible endpoint and the seed's model.
const (
	DefaultModelURL = "http://localhost:11434/v1"
	DefaultModel    = "qwen3:8b"
	// KeyEnv names the only variable a model API key is read from.
	KeyEnv = "AGENT_MODEL_KEY"
	// DefaultModelTimeout bounds one model call; a local 8B model on a CPU can take minutes.
	DefaultModelTimeout = 5 * time.Minute
)

// ModelConfig says which OpenAI-compatible server and model the loop talks to.
type ModelConfig struct {
	URL        string        // base URL, e.g. http://localhost:11434/v1; "" means DefaultModelURL
	Model      string        // "" means DefaultModel
	Key        string        // API key; "" sends no Authorization header
	Timeout    time.Duration // per call, body read included; 0 means DefaultModelTimeout
	HTTPClient *http.Client  // nil means a fresh client that follows no redirects
}

// model is the chat-completions client of one agent.
type model struct {
	cfg ModelConfig
	svc openai.ChatCompletionService
}

// newModel builds the client. admit runs before every HTTP attempt, so retries, if anyone
// ever turned them on, would still be counted against the model-call ceiling.
func newModel(cfg ModelConfig, admit func() error) *model {
	cfg = cfg.withDefaults()
	opts := []option.RequestOption{
		option.WithBaseURL(strings.TrimSuffix(cfg.URL, "/") + "/"),
		option.WithHTTPClient(cfg.HTTPClient),
		option.WithMaxRetries(0),
		option.WithMiddleware(func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
			if err := admit(); err != nil {
				return nil, err
			}
			resp, err := next(req)
			if resp != nil {
				resp.Body = &cappedBody{rc: resp.Body, left: MaxReplyBytes}
			}
			return resp, err
		}),
	}
	if cfg.Key != "" {
		opts = append(opts, option.WithAPIKey(cfg.Key))
	}
	// NewChatCompletionService, unlike openai.NewClient, reads no OPENAI_* variables: every
	// option above is all the client knows.
	return &model{cfg: cfg, svc: openai.NewChatCompletionService(opts...)}
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
	if c.URL == "" {
		c.URL = DefaultModelURL
	}
	if c.Model == "" {
		c.Model = DefaultModel
	}
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
func (m *model) complete(ctx context.Context, msgs []openai.ChatCompletionMessageParamUnion,
	tools []openai.ChatCompletionToolUnionParam) (openai.ChatCompletionMessage, error) {
	ctx, cancel := context.WithTimeout(ctx, m.cfg.Timeout)
	defer cancel()
	params := openai.ChatCompletionNewParams{Model: m.cfg.Model, Messages: msgs, Tools: tools}
	res, err := m.svc.New(ctx, params)
	if err != nil {
		return openai.ChatCompletionMessage{}, m.explain(ctx, err)
	}
	if len(res.Choices) == 0 {
		return openai.ChatCompletionMessage{}, &ModelError{URL: m.cfg.URL, Msg: "answered with no choices"}
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
	var apiErr *openai.Error
	var netErr *net.OpError
	switch {
	case isBudget(err) || errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, errReplyTooLarge):
		return &ModelError{URL: m.cfg.URL, Msg: "sent " + errReplyTooLarge.Error() + "; it was discarded", Err: err}
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil:
		return &ModelError{URL: m.cfg.URL, Msg: fmt.Sprintf("did not answer within %s", m.cfg.Timeout), Err: err}
	case errors.As(err, &apiErr):
		return m.statusError(apiErr)
	case errors.As(err, &netErr) && netErr.Op == "dial", isDNS(err):
		return &ModelError{URL: m.cfg.URL, Msg: "cannot be reached (" + rootCause(err) + ")", Err: err,
			Hint: fmt.Sprintf("start Ollama with `ollama serve` and pull the model with `ollama pull %s`, "+
				"or point -model-url at another OpenAI-compatible server", m.cfg.Model)}
	default:
		return &ModelError{URL: m.cfg.URL, Msg: "failed: " + rootCause(err), Err: err}
	}
}

func (m *model) statusError(apiErr *openai.Error) error {
	msg := fmt.Sprintf("answered %d %s", apiErr.StatusCode, http.StatusText(apiErr.StatusCode))
	if apiErr.Message != "" {
		// A server may quote the key it refused: redact it, in any spelling, before the cut.
		key := redact.New(redact.Secret{Value: m.cfg.Key, Label: "[key]"})
		msg += ": " + clip(key.String(apiErr.Message), 200)
	}
	e := &ModelError{URL: m.cfg.URL, Msg: msg, Err: apiErr}
	switch apiErr.StatusCode {
	case http.StatusNotFound:
		e.Hint = fmt.Sprintf("check -model-url, and that the model exists (`ollama pull %s`)", m.cfg.Model)
	case http.StatusUnauthorized, http.StatusForbidden:
		e.Hint = "set " + KeyEnv + " to the server's API key"
	}
	return e
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
