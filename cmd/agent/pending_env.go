package main

// This file is what the deferred-write commands share: the store's location and TTL flags, the
// run of the agent loop under -approve defer, and the confirmer's own runtime. Confirming never
// reads AGENT_TOKEN, the credential a proposing process runs with.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/user"
	"strings"
	"time"

	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

// ConfirmerTokenEnv holds a bearer token for `agent confirm` and `agent review` only: the
// confirming person's credential, which no proposing process is given.
const ConfirmerTokenEnv = "AGENT_CONFIRMER_TOKEN"

// pendingFlags adds -store (and its older name -pending-store) and -pending-ttl. Unset, they
// stay empty in Settings and mean pending.DefaultPath() and pending.DefaultTTL, resolved when
// the store is opened.
func pendingFlags(flags *flag.FlagSet, s *Settings) {
	set := func(v string) error { s.Store = v; return nil }
	flags.Func("store", "the store of deferred writes (-approve defer, pending, review, confirm, reject) and of the mcp per-caller ceiling: a SQLite file, or postgres://USER:PASSWORD@HOST/DB for replicas that share it; default $"+pendingStoreEnv+", else "+pending.DefaultPath(), set)
	flags.Func("pending-store", "the older name of -store", set)
	flags.StringVar(&s.Caller, "caller", "", "pending: list only the requests proposed for the OAuth caller `ID`: ISSUER#SUBJECT, or only its SUBJECT")
	flags.Func("pending-ttl", "how long (a `duration`) a deferred write waits for agent confirm before it expires (default 10m)", func(v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d <= 0 {
			err = errors.New("must be positive")
		}
		s.PendingTTL = d
		return err
	})
}

// pendingStoreEnv names the store file when no flag or agent.yaml setting does.
const pendingStoreEnv = "AGENT_PENDING_STORE"

// storePath is the store the settings name: a file, or a PostgreSQL URL.
func (e *Env) storePath() string {
	if e.Settings.Store != "" {
		return e.Settings.Store
	}
	if e.Settings.PendingStore != "" {
		return e.Settings.PendingStore
	}
	if v := os.Getenv(pendingStoreEnv); v != "" {
		return v
	}
	return pending.DefaultPath()
}

// Store opens the pending store named by the settings; Close closes it.
func (e *Env) Store() (*pending.Store, error) {
	if e.store == nil {
		st, err := pending.Open(e.storePath())
		if err != nil {
			return nil, err
		}
		e.store = st
	}
	return e.store, nil
}

// request opens the store and reads one request: the start of review and confirm.
func (e *Env) request(ctx context.Context, id string) (*pending.Store, *pending.Request, error) {
	st, err := e.Store()
	if err != nil {
		return nil, nil, err
	}
	r, err := st.Get(ctx, id)
	return st, r, err
}

// deferrer is the store's Deferrer when writes are deferred, else nil. Deferring needs a real
// endpoint that another process reaches as well.
func (e *Env) deferrer(deferring bool) (toolrt.Deferrer, error) {
	if !deferring {
		return nil, nil
	}
	if os.Getenv(ConfirmerTokenEnv) != "" {
		return nil, fmt.Errorf("$%s is set in the environment of a process that proposes writes; unset it here: the confirmer's credential belongs only where `agent confirm` runs", ConfirmerTokenEnv)
	}
	if e.Settings.Endpoint == "" {
		return nil, errors.New("-approve defer needs -endpoint: a write is confirmed later by another process, which must reach the same server")
	}
	st, err := e.Store()
	if err != nil {
		return nil, err
	}
	return st.Deferrer(e.Settings.PendingTTL), nil
}

// NewRun is the agent loop's run, as -approve says: elicit asks at this console (the default),
// deny refuses every write, defer records writes and sends none. host is refused: the loop has
// no MCP host whose dialog could have confirmed anything.
func (e *Env) NewRun(rt *toolrt.Runtime, b *budget.Budget) (*toolrt.Run, error) {
	switch e.Settings.Approve {
	case approveElicit:
		return rt.NewRun(b, e.Approver()), nil
	case approveDeny:
		return rt.NewRun(b, gate.DenyAll{}), nil
	case approveDefer:
		d, err := e.deferrer(true)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(e.Out, "writes are deferred: each is recorded in %s for `agent confirm`; none is sent from here\n", pending.Redacted(e.storePath()))
		return rt.NewDeferredRun(b, d), nil
	}
	return nil, fmt.Errorf("-approve %s: the agent loop has no MCP host to confirm its writes; use elicit (asked at this console, the default), deny or defer", e.Settings.Approve)
}

// confirmer is the identity that confirms or reviews a request: AGENT_CONFIRMER_TOKEN, or a
// login as -user (default: the user who proposed it) with AGENT_PASSWORD.
type confirmer struct {
	user  string
	token string
}

func (e *Env) confirmer(req *pending.Request) (confirmer, error) {
	token := os.Getenv(ConfirmerTokenEnv)
	if token != "" && token == os.Getenv(TokenEnv) {
		return confirmer{}, fmt.Errorf("$%s equals $%s, the token agents run with; confirm with a credential of your own, or unset it to sign in with $%s", ConfirmerTokenEnv, TokenEnv, passwordEnv)
	}
	u := e.Settings.User
	if u == "" && token == "" {
		u = req.User
	}
	if token == "" && u != req.User {
		return confirmer{}, fmt.Errorf("request %s was proposed as user %q and the write runs as whoever confirms it; confirm it as %q (-user %s)", req.ID, req.User, req.User, req.User)
	}
	return confirmer{user: u, token: token}, nil
}

func (c confirmer) String() string {
	if c.token != "" && c.user == "" {
		return "(confirmer token)"
	}
	return c.user
}

// ConfirmerRuntime builds and signs in the confirmer's runtime for req: the request's role and
// its endpoint, which must be the configured one.
func (e *Env) ConfirmerRuntime(ctx context.Context, req *pending.Request, c confirmer) (*toolrt.Runtime, error) {
	rt, _, err := e.confirmerRuntime(req, c)
	if err != nil {
		return nil, err
	}
	return rt, rt.Login(ctx)
}

// uncheckable is a confirmerRuntime error that says this catalog cannot check the request at
// all (it lacks the request's role), as opposed to a configuration error of this process.
type uncheckable struct{ error }

func (u uncheckable) Unwrap() error { return u.error }

// confirmerRuntime builds the confirmer's runtime without signing in, and says which catalog
// it loaded. An uncheckable error means this catalog does not declare the request's role.
func (e *Env) confirmerRuntime(req *pending.Request, c confirmer) (*toolrt.Runtime, toolrt.Provenance, error) {
	if e.Settings.Endpoint != req.Endpoint {
		return nil, toolrt.Provenance{}, fmt.Errorf("request %s was proposed for %s but this command is configured for %q; pass -endpoint %s (or set endpoint in agent.yaml) to act on it", req.ID, req.Endpoint, e.Settings.Endpoint, req.Endpoint)
	}
	cat, err := e.Catalog()
	if err != nil {
		return nil, toolrt.Provenance{}, err
	}
	prov := cat.Provenance
	if err := e.openAudit(); err != nil {
		return nil, prov, err
	}
	if err := demoDefaults(prov, c.user, e.Settings.LoginDocument); err != nil {
		return nil, prov, err
	}
	login, err := e.loginDocument()
	if err != nil {
		return nil, prov, err
	}
	if err := cat.CheckRole(req.Role); err != nil {
		return nil, prov, uncheckable{err}
	}
	if req.Role == "" && len(cat.Roles) > 0 { // every tool then, not now: the role cannot be chosen here
		return nil, prov, uncheckable{fmt.Errorf("it was proposed with every tool of a catalog without roles, and this catalog declares roles (%s)", strings.Join(cat.RoleNames(), ", "))}
	}
	rt, err := toolrt.New(cat, toolrt.Config{
		Endpoint: req.Endpoint, Role: req.Role, User: c.user, Token: c.token,
		Password: func() string { return os.Getenv(passwordEnv) }, LoginDocument: login,
		Timeout: e.Settings.Timeout, Audit: e.audit, InsecureHTTP: e.Settings.InsecureHTTP,
		TokenHeader: e.Settings.TokenHeader, Headers: e.Settings.Headers,
		Logger: slog.New(slog.NewTextHandler(e.Err, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	return rt, prov, err
}

// openAudit opens -audit once.
func (e *Env) openAudit() error {
	if e.Settings.Audit == "" || e.audit != nil {
		return nil
	}
	var err error
	e.audit, err = audit.Open(e.Settings.Audit, e.Settings.AuditArgs)
	return err
}

// actor names who rejects: the configured user, else the person at this terminal.
func (e *Env) actor() string {
	if e.Settings.User != "" {
		return e.Settings.User
	}
	if u, err := user.Current(); err == nil {
		return "os:" + u.Username
	}
	return "unknown"
}

// deferTo gives the MCP server the store to record writes in (nil unless -approve defer).
func deferTo(d toolrt.Deferrer, cfg mcpserve.Config) mcpserve.Config {
	cfg.Deferrer = d
	return cfg
}

// refuseDeferredWrite keeps `agent call` from sending a write when the settings say writes are
// deferred (approve: defer in agent.yaml): in that mode writes leave only from `agent confirm`.
func (e *Env) refuseDeferredWrite(rt *toolrt.Runtime, tool string) error {
	if e.Settings.Approve != approveDefer {
		return nil
	}
	for _, d := range rt.Tools() {
		if d.Name == tool && d.Mutation {
			return fmt.Errorf("%s is a write and writes are deferred (-approve defer): propose it through the agent or mcp, then `agent confirm` it", tool)
		}
	}
	return nil
}
