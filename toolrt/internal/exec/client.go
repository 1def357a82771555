package exec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/toolgen/toolgen/toolrt/redact"
)

// Outcome says what became of one request, for the model's caller and the audit trail.
type Outcome string

// Outcomes of Do.
const (
	OK              Outcome = "ok"              // data and no errors
	GraphQLErrors   Outcome = "graphql_errors"  // the server answered with errors (handed back as data)
	Failed          Outcome = "failed"          // a read failed in transport or with an HTTP error
	Unknown         Outcome = "unknown"         // a write failed in a way that may have applied it
	TooLarge        Outcome = "too_large"       // the response exceeded MaxResponseBytes
	Unauthenticated Outcome = "unauthenticated" // the identity was refused (HTTP 401) and no login can renew it
	NotSent         Outcome = "not_sent"        // the request never left: the sign-in before it failed
)

// Result is one tool result: Text is what the model reads, bounded to MaxModelChars.
type Result struct {
	Text    string
	Data    json.RawMessage // the response's data, redacted and whole; nil when there is none
	IsError bool
	Outcome Outcome
	Status  int    // HTTP status of the last attempt, 0 when none arrived
	Bytes   int    // response bytes read
	Ref     string // reference id of a failure, details in the log
	Retried bool   // a re-login and one retry happened
}

// ErrAuth ends a run: the re-login failed, or the request was refused again right after it.
var ErrAuth = errors.New("authentication failed again after logging in again; the run stops here, check the user and the password")

// ErrUnavailable is a login that got no answer from the API (unreachable, timed out, HTTP 5xx):
// nothing says the credentials are wrong, so the next call signs in again.
var ErrUnavailable = errors.New("the API is unavailable")

// signInError is the first sign-in's failure, in its own words; it ends the run like ErrAuth.
type signInError struct{ err error }

func (e *signInError) Error() string   { return e.err.Error() }
func (e *signInError) Unwrap() []error { return []error{ErrAuth, e.err} }

// signInFailedText is what the model reads when the first sign-in failed; nothing was sent.
const signInFailedText = `{"error":"signing in failed, so nothing was sent; the run stops here"}`

// Credentials supplies the bearer token and one way to renew it (toolrt/auth implements it).
type Credentials interface {
	// Current returns the token ("" when anonymous) and its login generation, which grows with
	// every login: a server may issue the same token twice, so the value cannot tell logins apart.
	Current() (token string, generation uint64)
	// CanRelogin reports whether a user is configured, so a re-login makes sense.
	CanRelogin() bool
	// Relogin logs in again, unless a login newer than generation already happened.
	Relogin(ctx context.Context, generation uint64) error
}

// Client executes tool requests against one endpoint. Its fields are read-only after first use.
type Client struct {
	Endpoint string
	HTTP     *http.Client  // nil: NewHTTPClient()
	Timeout  time.Duration // per call, body read and any retry included; 0: DefaultTimeout
	Creds    Credentials   // nil: anonymous
	Log      *slog.Logger  // failure details go here under their reference id; nil: discarded
	// Headers carry the token (zero: "Authorization: Bearer") and the fixed headers.
	Headers Headers
	// AuthCodes are the GraphQL error codes meaning "log in again"; nil: DefaultAuthErrorCodes.
	AuthCodes []string
	// Password is redacted from everything read, like the token (a server may echo either);
	// nil: none.
	Password func() string
	// InClear says the endpoint is plain http to a host that is not loopback and nobody said
	// the network is trusted: a caller's forwarded token is then refused unsent. (A login or a
	// configured token is refused there before the runtime is made.)
	InClear bool

	lastSecrets atomic.Pointer[builtSecrets] // the last redaction Set (secrets)
}

// attempt is one POST's raw answer.
type attempt struct {
	status int
	data   []byte // the body as read: redact before it leaves (interpret does)
	size   int    // bytes read
	err    error
	bearer bool // a token was sent
	// clean is data redacted (compact JSON) and resp its decoding, made once by read for both
	// the auth check and the result; nil when data is not JSON, and decodeErr says why.
	clean     []byte
	resp      *gqlResponse
	decodeErr error
}

// read redacts the body's decoded strings and decodes the result, once; it returns red.
func (a *attempt) read(red *redact.Set) *redact.Set {
	if a.err != nil {
		return red
	}
	clean, err := red.JSON(a.data)
	if err == nil {
		a.clean = clean
		a.resp, err = decodeResponse(clean)
	}
	a.decodeErr = err
	return red
}

// Do sends body, exactly these bytes, and interprets the answer. mutation marks a write: it is
// never retried on timeout or 5xx, and such a failure is reported as an unknown outcome. The
// only retry is after an authentication failure with a user configured: log in again, send the
// same bytes once. The returned error is non-nil only when the run must end (ErrAuth, or the
// caller's ctx was cancelled); every other failure is a Result for the model.
func (c *Client) Do(ctx context.Context, body []byte, mutation bool) (Result, error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	callCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if res, err, ok := c.signIn(callCtx, ctx); !ok {
		return res, err
	}
	token, gen := c.token()
	own, forwarded := ForwardedToken(ctx)
	if forwarded {
		if c.InClear && own != "" {
			return Result{Text: inClearText, IsError: true, Outcome: NotSent}, nil
		}
		token = own
	}
	a := c.post(callCtx, body, token)
	sent := []string{token}
	red := a.read(c.secrets(sent))
	retried := false
	if a.err == nil && authFailed(a.status, a.resp, mutation, c.AuthCodes...) && !forwarded && c.Creds != nil && c.Creds.CanRelogin() {
		if err := c.Creds.Relogin(callCtx, gen); err != nil {
			c.logger().Warn("re-login failed", "err", err)
			return Result{Outcome: Failed, Status: a.status}, ErrAuth
		}
		token, _ = c.token()
		a, retried = c.post(callCtx, body, token), true
		sent = append(sent, token)
		red = a.read(c.secrets(sent))
		if a.err == nil && authFailed(a.status, a.resp, mutation, c.AuthCodes...) {
			return Result{Outcome: Failed, Status: a.status, Bytes: a.size, Retried: true}, ErrAuth
		}
	}
	res := c.interpret(a, mutation, red)
	if a.err == nil && a.bearer && authFailed(a.status, a.resp, mutation, c.AuthCodes...) {
		// A token issued elsewhere, refused, with no login to renew it: every call will fail
		// the same way until a person supplies another. The API's own words (redacted) go to
		// the log, where a person learns that it wanted the token in another header, say.
		ref := NewRef()
		c.logger().Warn("the API refused the token", "ref", ref, "status", a.status,
			"sent_in", c.Headers.Token.nameOrDefault(), "answer", clipBytes([]byte(res.Text), 500))
		res = Result{Text: tokenRefusedText, IsError: true, Outcome: Unauthenticated, Status: a.status, Bytes: a.size, Ref: ref}
	}
	res.Retried = retried
	if a.err != nil && ctx.Err() != nil {
		return res, ctx.Err() // the caller gave up (Ctrl-C): the run is over
	}
	return res, nil
}

// signIn signs in before the first call when a user is configured and no login has succeeded
// yet: a server started while the API was down signs in on first use. An API still down is a
// result the model can read (nothing was sent, try later), not the end of the run; credentials
// the API refuses are ErrAuth, as after any login. ok is true when the call may go ahead.
func (c *Client) signIn(callCtx, ctx context.Context) (Result, error, bool) {
	if c.Creds == nil || !c.Creds.CanRelogin() {
		return Result{}, nil, true
	}
	if _, gen := c.Creds.Current(); gen > 0 {
		return Result{}, nil, true
	}
	err := c.Creds.Relogin(callCtx, 0)
	switch {
	case err == nil:
		return Result{}, nil, true
	case ctx.Err() != nil:
		return Result{Outcome: NotSent}, ctx.Err(), false
	case errors.Is(err, ErrUnavailable):
		ref := NewRef()
		c.logger().Warn("sign-in failed: the API is unavailable", "ref", ref, "err", err)
		return Result{Text: fmt.Sprintf(`{"error":%q,"ref":%q}`, unavailableText, ref), IsError: true, Outcome: NotSent, Ref: ref}, nil, false
	}
	c.logger().Warn("sign-in failed", "err", err)
	return Result{Text: signInFailedText, IsError: true, Outcome: NotSent}, &signInError{err}, false
}

// inClearText is the result of a call that would carry a caller's token over plain http.
const inClearText = `{"error":"not sent: this server forwards your token to an API on plain HTTP (not https, not this machine), where it would cross the network in clear; tell the operator"}`

// unavailableText is the result of a call made while this server cannot sign in to the API.
const unavailableText = "the API is unavailable right now: this server could not sign in to it, so nothing was sent; try again in a moment"

func (c *Client) post(ctx context.Context, body []byte, token string) attempt {
	client := c.HTTP
	if client == nil {
		client = NewHTTPClient()
	}
	status, data, err := Post(ctx, client, c.Endpoint, body, token, c.Headers)
	return attempt{status: status, data: data, size: len(data), err: err, bearer: token != ""}
}

// secrets is what must not come back out: the tokens sent and the password. A server or proxy
// may echo them (an error quoting the JWT, a debug page listing request headers), in any
// spelling, and everything read here ends up in the model's text or the log.
//
// Building a Set spells each secret every way it is searched (hex, six base64 cores): 40 µs
// and 30 KB, once per call, for a token that changes once per login. The last Set is kept
// under the exact values it was built from, so a new token or password builds a new one.
func (c *Client) secrets(tokens []string) *redact.Set {
	var list []redact.Secret
	for _, t := range tokens {
		list = append(list, redact.Secret{Value: t, Label: "[token]"})
	}
	if c.Password != nil {
		list = append(list, redact.Secret{Value: c.Password(), Label: "[password]"})
	}
	key := secretsKey(list)
	if last := c.lastSecrets.Load(); last != nil && last.key == key {
		return last.set
	}
	set := redact.New(list...)
	c.lastSecrets.Store(&builtSecrets{key: key, set: set})
	return set
}

// builtSecrets is a redaction Set and the secrets it was built from.
type builtSecrets struct {
	key string
	set *redact.Set
}

// secretsKey spells a list of secrets unambiguously: each value's length, then the value.
func secretsKey(list []redact.Secret) string {
	var b strings.Builder
	for _, s := range list {
		b.WriteString(strconv.Itoa(len(s.Value)))
		b.WriteByte(':')
		b.WriteString(s.Value)
		b.WriteString(s.Label)
		b.WriteByte(0)
	}
	return b.String()
}

func (c *Client) token() (string, uint64) {
	if c.Creds == nil {
		return "", 0
	}
	return c.Creds.Current()
}

func (c *Client) logger() *slog.Logger {
	if c.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Log
}

// interpret turns one attempt into the model's result. Every excerpt of the body is redacted
// before it is clipped, so a cut never leaves a secret's prefix behind.
func (c *Client) interpret(a attempt, mutation bool, red *redact.Set) Result {
	switch {
	case errors.Is(a.err, ErrTooLarge):
		return Result{Text: tooLargeText(mutation), IsError: true, Outcome: TooLarge, Status: a.status, Bytes: MaxResponseBytes + 1}
	case a.err != nil:
		return c.failure(a, mutation, a.err.Error())
	case a.status == http.StatusUnauthorized:
		return Result{Text: unauthenticatedText, IsError: true, Outcome: Unauthenticated, Status: a.status, Bytes: a.size}
	case a.status >= 500:
		return c.failure(a, mutation, fmt.Sprintf("HTTP %d: %s", a.status, clipBytes(red.Bytes(a.data), 300)))
	}
	res, ok := graphQLResult(a.clean, a.resp)
	if !ok {
		return c.failure(a, mutation, fmt.Sprintf("HTTP %d, not a GraphQL response (%v): %s", a.status, a.decodeErr, clipBytes(red.Bytes(a.data), 300)))
	}
	res.Status, res.Bytes = a.status, a.size
	return res
}

// The texts of a refused identity. Neither quotes the server: its message may echo the token.
const (
	unauthenticatedText = `{"error":"the API refused the request because no user is signed in"}`
	tokenRefusedText    = `{"error":"the API refused the access token this agent was given (expired, revoked or not valid for this API); nothing was done. Do not retry: tell the user a valid token is needed, which a person must give the agent before it starts again, or sign the agent in with a user and password instead."}`
)

func tooLargeText(mutation bool) string {
	if mutation {
		return fmt.Sprintf(`{"error":"the write was sent but its response was larger than %d bytes and was discarded; read the current state before trying again"}`, MaxResponseBytes)
	}
	return fmt.Sprintf(`{"error":"the response was larger than %d bytes and was discarded; ask for less, e.g. a smaller page"}`, MaxResponseBytes)
}

func clipBytes(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
