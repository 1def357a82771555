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
	"strings"
	"sync"
	"time"

	"github.com/toolgen/toolgen/toolrt/exec"
)

// DefaultLoginDocument is the Movie Database's login mutation.
const DefaultLoginDocument = "mutation Login($input: LoginInput!) { login(input: $input) { token } }"

// PasswordEnv is the only place the password comes from in cmd/agent.
const PasswordEnv = "AGENT_PASSWORD"

// Config says how to log in. An empty User means anonymous: no login, no token.
type Config struct {
	Endpoint string
	User     string
	Password func() string // read at each login, so the session holds no copy; nil: empty
	Document string        // the login mutation; "": DefaultLoginDocument
	HTTP     *http.Client  // nil: exec.NewHTTPClient()
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
	if cfg.Document == "" {
		cfg.Document = DefaultLoginDocument
	}
	if cfg.HTTP == nil {
		cfg.HTTP = exec.NewHTTPClient()
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = exec.DefaultTimeout
	}
	return &Session{cfg: cfg}
}

// User is the configured user name, "" when anonymous.
func (s *Session) User() string { return s.cfg.User }

// CanRelogin reports whether a user is configured.
func (s *Session) CanRelogin() bool { return s.cfg.User != "" }

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

// Login logs in when a user is configured; anonymous sessions return nil at once.
func (s *Session) Login(ctx context.Context) error {
	if s.cfg.User == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loginLocked(ctx)
}

// Relogin logs in again unless a login newer than generation already happened, so concurrent
// calls failing on the same expired token cause one login, not many.
func (s *Session) Relogin(ctx context.Context, generation uint64) error {
	if s.cfg.User == "" {
		return errors.New("no user configured")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != generation {
		return nil
	}
	return s.loginLocked(ctx)
}

func (s *Session) loginLocked(ctx context.Context) error {
	body, err := s.body()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	status, data, err := exec.Post(ctx, s.cfg.HTTP, s.cfg.Endpoint, body, "")
	if err != nil {
		return fmt.Errorf("login as %q: %w", s.cfg.User, err)
	}
	token, err := tokenFrom(status, data)
	if err != nil {
		return fmt.Errorf("login as %q failed: %s", s.cfg.User, redact(err.Error(), s.password()))
	}
	s.token = token
	s.gen++
	return nil
}

func (s *Session) password() string {
	if s.cfg.Password == nil {
		return ""
	}
	return s.cfg.Password()
}

// redact removes the password from a server message: a server may quote the value it refused.
func redact(msg, password string) string {
	if password == "" {
		return msg
	}
	return strings.ReplaceAll(msg, password, "[password]")
}

func (s *Session) body() ([]byte, error) {
	password := s.password()
	return json.Marshal(map[string]any{
		"query":         s.cfg.Document,
		"operationName": "Login",
		"variables": map[string]any{"input": map[string]string{
			"username": s.cfg.User, "password": password,
		}},
	})
}

// tokenFrom finds data.login.token. Failures quote only the server's error messages: the
// response body could echo the request, and the request holds the password.
func tokenFrom(status int, data []byte) (string, error) {
	var r struct {
		Data struct {
			Login struct {
				Token string `json:"token"`
			} `json:"login"`
		} `json:"data"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return "", fmt.Errorf("HTTP %d, not a GraphQL response", status)
	}
	if r.Data.Login.Token != "" {
		return r.Data.Login.Token, nil
	}
	if len(r.Errors) > 0 {
		return "", fmt.Errorf("the server said: %s", clip(r.Errors[0].Message, 200))
	}
	return "", fmt.Errorf("HTTP %d, no token in the response", status)
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
