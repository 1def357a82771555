package main

// This file is what every command shares: the settings, the terminal, the catalog, the endpoint
// and the runtime built from them. The binary carries no API of its own: the endpoint comes
// from -endpoint, agent.yaml or AGENT_ENDPOINT (the demo: go run ./cmd/moviedb). The agent and
// mcp commands take their Runtime, Budget and Approver from here.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

// Env is one command's world. Its methods build things on first use.
type Env struct {
	Settings Settings
	Lines    *gate.Lines // the one reader of stdin: menu, prompts and approvals share it
	Out, Err io.Writer

	shared *shared
	audit  *audit.Log
	store  *pending.Store // opened by Store
}

// shared outlives one command: the menu's commands share one terminal and one catalog line.
type shared struct {
	lines    *gate.Lines
	out, err io.Writer
	// announced: the catalog line was printed; the menu's commands share one catalog.
	announced bool
}

// Close closes the audit file and the pending store.
func (e *Env) Close() {
	_ = e.audit.Close()
	if e.store != nil {
		_ = e.store.Close()
	}
}

// Catalog is the embedded catalog, or the file named by -catalog (or agent.yaml), verified and
// checked against -catalog-sha256. Its digest and source are printed once, before anything else,
// with where the catalog, the endpoint, the approval mode and insecure-http came from.
func (e *Env) Catalog() (*toolrt.Catalog, error) {
	cat, err := e.loadCatalog()
	if err != nil {
		return nil, err
	}
	if !e.shared.announced {
		e.shared.announced = true
		line := fmt.Sprintf("%s, %s)", strings.TrimSuffix(cat.Provenance.String(), ")"), e.Settings.originOf("catalog"))
		if rest := e.Settings.settingsLine(); rest != "" {
			line += " · " + gate.Escape(rest)
		}
		fmt.Fprintln(e.Out, line)
	}
	return cat, nil
}

func (e *Env) loadCatalog() (*toolrt.Catalog, error) {
	if e.Settings.Catalog != "" {
		c, err := toolrt.Load(nil, toolrt.FromFile(e.Settings.Catalog), toolrt.Pin(e.Settings.CatalogSHA256))
		return c, e.Settings.catalogFileError(err)
	}
	return toolrt.Load(generated.CatalogJSON, toolrt.Pin(e.Settings.CatalogSHA256))
}

// Endpoint is the configured endpoint: -endpoint, endpoint: in agent.yaml or $AGENT_ENDPOINT.
func (e *Env) Endpoint() (string, error) {
	if e.Settings.Endpoint != "" {
		return e.Settings.Endpoint, e.Settings.checkEndpoint()
	}
	return "", fmt.Errorf("no endpoint: pass -endpoint URL, set endpoint: in agent.yaml or export %s; for the Movie Database demo start `go run ./cmd/moviedb` and use %s", EndpointEnv, demoEndpoint)
}

// EndpointEnv is the endpoint when neither -endpoint nor agent.yaml names one; the menu takes
// no flags, so this is how it is pointed at an API.
const EndpointEnv = "AGENT_ENDPOINT"

// demoEndpoint is where go run ./cmd/moviedb listens by default.
const demoEndpoint = "http://127.0.0.1:8081/graphql"

// Runtime builds the runtime for the settings' role (resolveRole) and user and logs in.
func (e *Env) Runtime(ctx context.Context) (*toolrt.Runtime, error) {
	rt, err := e.newRuntime(ctx)
	if err != nil {
		return nil, err
	}
	if err := rt.Login(ctx); err != nil {
		return nil, err
	}
	return rt, nil
}

// newRuntime builds the runtime for the settings' role (resolveRole) and user, not signed in.
func (e *Env) newRuntime(ctx context.Context) (*toolrt.Runtime, error) {
	if err := passwordSet(e.Settings.User); err != nil {
		return nil, err
	}
	cat, err := e.Catalog()
	if err != nil {
		return nil, err
	}
	prov := cat.Provenance
	if err := e.resolveRole(cat.Catalog, prov.Digest); err != nil {
		return nil, err
	}
	if err := demoDefaults(prov, e.Settings.User, e.Settings.LoginDocument); err != nil {
		return nil, err
	}
	endpoint, err := e.Endpoint()
	if err != nil {
		return nil, err
	}
	if e.Settings.Audit != "" && e.audit == nil {
		if e.audit, err = audit.Open(e.Settings.Audit, e.Settings.AuditArgs); err != nil {
			return nil, err
		}
	}
	login, err := e.loginDocument()
	if err != nil {
		return nil, err
	}

	rt, err := toolrt.New(cat, toolrt.Config{
		Endpoint: endpoint, Role: e.Settings.Role, User: e.Settings.User,
		Password: func() string { return os.Getenv(passwordEnv) },
		Token:    os.Getenv(TokenEnv), LoginDocument: login,
		Timeout: e.Settings.Timeout, Audit: e.audit, InsecureHTTP: e.Settings.InsecureHTTP,
		TokenHeader: e.Settings.TokenHeader, Headers: e.Settings.Headers,
		Logger: slog.New(slog.NewTextHandler(e.Err, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		return nil, err
	}
	return rt, nil
}

// passwordSet refuses a login that would send an empty password (the server's "invalid
// credentials" would hide what is missing).
func passwordSet(user string) error {
	if user == "" || os.Getenv(TokenEnv) != "" || os.Getenv(passwordEnv) != "" {
		return nil
	}
	return fmt.Errorf("-user %s needs a password and %s is not set; export %s (or %s, a token issued elsewhere)",
		user, passwordEnv, passwordEnv, TokenEnv)
}

// TokenEnv holds a bearer token issued elsewhere (the signed-in person's session): with it the
// agent acts as that session and never logs in. Like the password, it is never a flag or a file.
const TokenEnv = "AGENT_TOKEN"

// passwordEnv is the only place the password comes from.
const passwordEnv = "AGENT_PASSWORD"

// demoCatalog reports whether digest is the Movie Database's catalog, embedded or a copy of its
// bytes: only then may its login mutation and its concierge role stand in for settings left out.
func demoCatalog(digest string) bool { return digest == catalog.FileDigest(generated.CatalogJSON) }

// demoDefaults refuses to fill a missing login mutation with the Movie Database's for another
// API's catalog: its login would fail with an error about the demo's LoginInput.
func demoDefaults(prov toolrt.Provenance, user, loginDocument string) error {
	if demoCatalog(prov.Digest) {
		return nil
	}
	if user != "" && loginDocument == "" {
		return fmt.Errorf("-user %s needs -login-document FILE, your API's login mutation: the default is the Movie Database's, and %s is not its catalog (or use AGENT_TOKEN, a token issued elsewhere, without -user)", user, prov.Source)
	}
	return nil
}

// demoLoginDocument is the Movie Database's login mutation (moviedb.LoginDocument, which a test
// compares it with), written out so that this binary carries no part of the demo server.
const demoLoginDocument = "mutation Login($input: LoginInput!) { login(input: $input) { token } }"

// loginDocument reads -login-document; "" is the Movie Database's login mutation, this
// command's default API (the runtime library has none).
func (e *Env) loginDocument() (string, error) {
	if e.Settings.LoginDocument == "" {
		return demoLoginDocument, nil
	}
	b, err := os.ReadFile(e.Settings.LoginDocument)
	if err != nil {
		return "", fmt.Errorf("login-document %s (%s): %w; pass the file holding the API's login mutation, or leave the setting out for the Movie Database's", e.Settings.LoginDocument, e.Settings.originOf("login-document"), unwrapPath(err))
	}
	return string(b), nil
}

// Budget is a fresh budget with the settings' ceilings; one per run or MCP session.
func (e *Env) Budget() (*budget.Budget, error) {
	mode, err := budget.ParseMode(e.Settings.BudgetMode)
	if err != nil {
		return nil, err
	}
	return budget.New(e.Settings.limits(mode)), nil
}

// Approver asks at this terminal.
func (e *Env) Approver() gate.Approver { return gate.NewConsole(e.Lines, e.Out) }

// checkEndpoint refuses an endpoint that is not an http or https URL before any call: without
// a scheme (localhost:8081/graphql) every call failed as "could not be reached; try again later".
func (s *Settings) checkEndpoint() error {
	u, err := url.Parse(s.Endpoint)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		return nil
	}
	fix := "write the whole URL, such as " + demoEndpoint
	if err == nil && u.Scheme != "http" && u.Scheme != "https" && !strings.Contains(s.Endpoint, "://") {
		fix = "write the whole URL: http://" + strings.TrimPrefix(s.Endpoint, "//") + " (or https://)"
	}
	return fmt.Errorf("endpoint %q (%s) is not an http:// or https:// URL; %s", s.Endpoint, s.originOf("endpoint"), fix)
}

// catalogFileError says how to fix a -catalog that names no file: the flag, where it was set,
// and what to pass instead.
func (s *Settings) catalogFileError(err error) error {
	var pe *fs.PathError
	if err == nil || !errors.As(err, &pe) {
		return err
	}
	why := pe.Err.Error()
	fix := "pass the catalog.json toolgen wrote (generated/catalog.json), or leave -catalog out for the embedded catalog"
	if info, serr := os.Stat(s.Catalog); serr == nil && info.IsDir() {
		why, fix = "it is a folder", "pass the catalog.json in it: -catalog "+filepath.Join(s.Catalog, "catalog.json")
	}
	return fmt.Errorf("catalog %s (%s): %s; %s", s.Catalog, s.originOf("catalog"), why, fix)
}

// unwrapPath drops the operation and path a PathError repeats ("open x: no such file").
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
