package main

// This file is what every command shares: the settings, the terminal, the catalog, the endpoint
// (the embedded Movie Database when none is set) and the runtime built from them. The agent and
// mcp commands take their Runtime, Budget and Approver from here.

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
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

// shared outlives one command: in the menu, every command talks to the same embedded server,
// so a write made by one command is seen by the next.
type shared struct {
	lines    *gate.Lines
	out, err io.Writer
	embedded *moviedb.Server
	// announced: the catalog line was printed; the menu's commands share one catalog.
	announced bool
}

func (sh *shared) close() {
	if sh.embedded != nil {
		_ = sh.embedded.Close()
	}
}

// Close closes the audit file and the pending store.
func (e *Env) Close() {
	_ = e.audit.Close()
	if e.store != nil {
		_ = e.store.Close()
	}
}

// Catalog is the embedded catalog, or the file named by -catalog (or agent.yaml), verified and
// checked against -catalog-sha256. Its digest and source are printed once, before anything else.
func (e *Env) Catalog() (*toolrt.Catalog, error) {
	cat, err := e.loadCatalog()
	if err != nil {
		return nil, err
	}
	if !e.shared.announced {
		e.shared.announced = true
		fmt.Fprintln(e.Out, cat.Provenance)
	}
	return cat, nil
}

func (e *Env) loadCatalog() (*toolrt.Catalog, error) {
	if e.Settings.Catalog != "" {
		return toolrt.Load(nil, toolrt.FromFile(e.Settings.Catalog), toolrt.Pin(e.Settings.CatalogSHA256))
	}
	return toolrt.Load(generated.CatalogJSON, toolrt.Pin(e.Settings.CatalogSHA256))
}

// Endpoint is the configured endpoint, or the embedded Movie Database started on a random
// loopback port; starting it prints a line saying so.
func (e *Env) Endpoint(ctx context.Context) (string, error) {
	if e.Settings.Endpoint != "" {
		return e.Settings.Endpoint, nil
	}
	sh := e.shared
	if sh.embedded == nil {
		// Not ctx: the server lives as long as the program, across the menu's commands.
		srv, err := moviedb.Start(context.WithoutCancel(ctx), "127.0.0.1:0")
		if err != nil {
			return "", err
		}
		sh.embedded = srv
		fmt.Fprintf(e.Out, "no -endpoint given: started the embedded Movie Database at %s\n", srv.URL())
	}
	return sh.embedded.URL(), nil
}

// Runtime builds the runtime for the settings' role (resolveRole) and user and logs in.
func (e *Env) Runtime(ctx context.Context) (*toolrt.Runtime, error) {
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
	if err := demoDefaults(prov, e.Settings.Endpoint, e.Settings.User, e.Settings.LoginDocument); err != nil {
		return nil, err
	}
	endpoint, err := e.Endpoint(ctx)
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
	if err := rt.Login(ctx); err != nil {
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
// bytes: only then may the demo server and its login mutation stand in for settings left out.
func demoCatalog(digest string) bool { return digest == catalog.FileDigest(generated.CatalogJSON) }

// demoDefaults refuses to fill a missing endpoint or login mutation with the Movie Database's
// for another API's catalog: its tools would run against the demo server (with the team's
// AGENT_TOKEN), or its login would fail with an error about the demo's LoginInput.
func demoDefaults(prov toolrt.Provenance, endpoint, user, loginDocument string) error {
	if demoCatalog(prov.Digest) {
		return nil
	}
	if endpoint == "" {
		return fmt.Errorf("-endpoint is required: %s is not the Movie Database's catalog, whose demo server starts when no endpoint is given; pass -endpoint URL (or endpoint: in agent.yaml)", prov.Source)
	}
	if user != "" && loginDocument == "" {
		return fmt.Errorf("-user %s needs -login-document FILE, your API's login mutation: the default is the Movie Database's, and %s is not its catalog (or use AGENT_TOKEN, a token issued elsewhere, without -user)", user, prov.Source)
	}
	return nil
}

// loginDocument reads -login-document; "" is the Movie Database's login mutation, this
// command's default API (the runtime library has none).
func (e *Env) loginDocument() (string, error) {
	if e.Settings.LoginDocument == "" {
		return moviedb.LoginDocument, nil
	}
	b, err := os.ReadFile(e.Settings.LoginDocument)
	if err != nil {
		return "", fmt.Errorf("-login-document: %w", err)
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
