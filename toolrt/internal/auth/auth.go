// Package auth is the run's identity: one login through the API's own login mutation, kept out
// of the catalog so no model ever sees a login tool. The token lives only in memory and leaves
// the process only in the Authorization header; the password is asked for each time it is
// needed (from the environment) rather than kept. A failed call may log in again once.
package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
	"github.com/toolgen/toolgen/toolrt/redact"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// ErrNoLoginDocument is a user to log in as without the API's login mutation to do it with.
var ErrNoLoginDocument = errors.New("a user is configured but no login mutation: set the login document (every API names its own)")

// Config says how to log in. An empty User means anonymous: no login, no token.
type Config struct {
	Endpoint string
	User     string
	Password func() string // read at each login, so the session holds no copy; nil: empty
	// Token is a bearer token issued elsewhere (the deployment case: the signed-in person's
	// session); when set there is no login and no re-login.
	Token    string
	Document string        // the API's login mutation; required when User is set and Token is not
	HTTP     *http.Client  // nil: exec.NewHTTPClient()
	Headers  exec.Headers  // the fixed headers go with the login too (its token is in the answer)
	Timeout  time.Duration // per login; 0: exec.DefaultTimeout
}

// Session holds the token of one user. Safe for concurrent use; implements exec.Credentials.
type Session struct {
	cfg   Config
	mu    sync.Mutex
	token string
	gen   uint64 // successful logins so far
}

// New returns a session that has not logged in yet.
func New(cfg Config) *Session {
	if cfg.HTTP == nil {
		cfg.HTTP = exec.NewHTTPClient()
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = exec.DefaultTimeout
	}
	return &Session{cfg: cfg, token: cfg.Token}
}

// User names who the session acts as: the configured user name, "(issued token)" for a fixed
// token without a name, "" when anonymous.
func (s *Session) User() string {
	if s.cfg.User == "" && s.cfg.Token != "" {
		return "(issued token)"
	}
	return s.cfg.User
}

// CanRelogin reports whether a user is configured and no fixed token was given.
func (s *Session) CanRelogin() bool { return s.cfg.User != "" && s.cfg.Token == "" }

// Token returns the current token, "" when anonymous or not logged in.
func (s *Session) Token() string {
	token, _ := s.Current()
	return token
}

// Current returns the token and its login generation.
func (s *Session) Current() (string, uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.token, s.gen
}

// Login logs in when a user is configured; anonymous sessions and fixed tokens return nil at once.
func (s *Session) Login(ctx context.Context) error {
	if !s.CanRelogin() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loginLocked(ctx)
}

// Relogin logs in again unless a login newer than generation already happened, so concurrent
// calls failing on the same expired token cause one login, not many.
func (s *Session) Relogin(ctx context.Context, generation uint64) error {
	if !s.CanRelogin() {
		return errors.New("no user to log in again as")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != generation {
		return nil
	}
	return s.loginLocked(ctx)
}

func (s *Session) loginLocked(ctx context.Context) error {
	if strings.TrimSpace(s.cfg.Document) == "" {
		return ErrNoLoginDocument
	}
	body, vars, err := s.body()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	status, data, err := exec.Post(ctx, s.cfg.HTTP, s.cfg.Endpoint, body, "", s.cfg.Headers)
	if err != nil && !errors.Is(err, exec.ErrTooLarge) {
		return fmt.Errorf("login as %q: %w: %w", s.cfg.User, exec.ErrUnavailable, err)
	}
	if err != nil {
		return fmt.Errorf("login as %q: %w", s.cfg.User, err)
	}
	if unavailable(status) {
		return fmt.Errorf("login as %q: %w (HTTP %d)", s.cfg.User, exec.ErrUnavailable, status)
	}
	token, err := tokenFrom(status, data, redact.New(redact.Secret{Value: s.password(), Label: "[password]"}))
	var ref *refusal
	if errors.As(err, &ref) && ref.variables {
		err = fmt.Errorf("%w; %s", err, sentHint(vars))
	}
	if err != nil {
		return fmt.Errorf("login as %q failed: %w", s.cfg.User, err)
	}
	s.token = token
	s.gen++
	return nil
}

// unavailable reports the statuses of a gateway with no API behind it: a login answered so says
// nothing about the credentials. A plain 500 may be the API refusing them, so it is not one.
func unavailable(status int) bool {
	return status == http.StatusBadGateway || status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout
}

func (s *Session) password() string {
	if s.cfg.Password == nil {
		return ""
	}
	return s.cfg.Password()
}

// body builds the login request from the variables the document declares (see variables). The
// document is parsed, not pattern-matched, so a comment or a string that mentions $input changes
// nothing.
func (s *Session) body() ([]byte, map[string]any, error) {
	op, err := loginOperation(s.cfg.Document)
	if err != nil {
		return nil, nil, err
	}
	vars, err := variables(op, s.cfg.User, s.password())
	if err != nil {
		return nil, nil, err
	}
	body := map[string]any{"query": s.cfg.Document, "variables": vars}
	if op.Name != "" {
		body["operationName"] = op.Name // as any client would send it
	}
	data, err := json.Marshal(body)
	return data, vars, err
}

// loginOperation parses the login document and returns its only operation.
func loginOperation(doc string) (*ast.OperationDefinition, error) {
	qd, err := parser.ParseQuery(&ast.Source{Input: doc})
	if err != nil {
		var ge *gqlerror.Error
		if errors.As(err, &ge) && len(ge.Locations) > 0 {
			return nil, fmt.Errorf("login document %s: %s; fix the file given to -login-document", ge.Locations[0], ge.Message)
		}
		return nil, fmt.Errorf("login document: %v; fix the file given to -login-document", err)
	}
	if len(qd.Operations) != 1 {
		return nil, fmt.Errorf("login document holds %d operations, want exactly one login mutation; fix the file given to -login-document", len(qd.Operations))
	}
	return qd.Operations[0], nil
}

// tokenFrom finds the token in the login response: the first non-empty string under a token
// key (sensitive.LoginToken), searching data depth-first in sorted key order (data.login.token for the
// Movie Database, data.authenticate.jwtToken for PostGraphile). Failures quote only the
// server's error messages: the response body could echo the request, and the request holds the
// password, so a message is redacted (a server may quote the value it refused, in any
// spelling) before it is clipped. A token key that is there but null (PostGraphile's answer to
// a wrong password) reads as refused credentials; no token key at all as a login document
// that does not select the token.
func tokenFrom(status int, data []byte, red *redact.Set) (string, error) {
	var r struct {
		Data   any        `json:"data"`
		Errors []gqlError `json:"errors"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return "", fmt.Errorf("HTTP %d, not a GraphQL response", status)
	}
	if token := findToken(r.Data); token != "" {
		return token, nil
	}
	if len(r.Errors) > 0 {
		return "", r.Errors[0].refusal(red)
	}
	// Many login mutations answer a wrong password as data: a payload's errors or userErrors
	// list, each with a message ("wrong email or password").
	if msg := findMessage(r.Data); msg != "" {
		return "", fmt.Errorf("no token in the answer; the server said: %s", clip(red.String(msg), 200))
	}
	if key := emptyTokenKey(r.Data, 0); key != "" || rootsNull(r.Data) {
		if key == "" {
			key = "the login field"
		}
		return "", fmt.Errorf("the API answered the login with no token (%s is null): the user or the password is wrong", key)
	}
	return "", fmt.Errorf("HTTP %d, the login's answer has no token field (looked for %s); select the token in the login document", status, sensitive.LoginTokenNames)
}

func findToken(v any) string { return first(v, sensitive.LoginToken, false, 0) }

// emptyTokenKey is the first token key (sorted, depth-first) whose value is null or "".
func emptyTokenKey(v any, depth int) string {
	obj, ok := v.(map[string]any)
	if !ok || depth > 8 {
		return ""
	}
	names := sortedKeys(obj)
	for _, k := range names {
		if s, _ := obj[k].(string); sensitive.LoginToken(k) && (obj[k] == nil || s == "") {
			return k
		}
	}
	for _, k := range names {
		if key := emptyTokenKey(obj[k], depth+1); key != "" {
			return k + "." + key
		}
	}
	return ""
}

// rootsNull reports whether data is an object whose every root field is null: a login that
// answers bad credentials with a null payload and no error.
func rootsNull(v any) bool {
	obj, ok := v.(map[string]any)
	if !ok || len(obj) == 0 {
		return false
	}
	for _, x := range obj {
		if x != nil {
			return false
		}
	}
	return true
}

// findMessage is the first message in the answer's data, lists included: a payload's errors.
func findMessage(v any) string {
	return first(v, func(k string) bool { return k == "message" }, true, 0)
}

// first is the first non-empty string under a key that is, searching v depth-first in sorted
// key order, into lists too when lists is set.
func first(v any, is func(key string) bool, lists bool, depth int) string {
	if depth > 8 {
		return ""
	}
	if list, ok := v.([]any); ok && lists {
		for _, item := range list {
			if s := first(item, is, lists, depth+1); s != "" {
				return s
			}
		}
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	names := sortedKeys(obj)
	for _, k := range names {
		if s, ok := obj[k].(string); ok && is(k) && s != "" {
			return s
		}
	}
	for _, k := range names {
		if s := first(obj[k], is, lists, depth+1); s != "" {
			return s
		}
	}
	return ""
}

// sortedKeys are obj's keys in order: map order is random, and which value wins must not be.
func sortedKeys(obj map[string]any) []string {
	names := make([]string, 0, len(obj))
	for k := range obj {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
