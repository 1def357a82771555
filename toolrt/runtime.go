package toolrt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/args"
	"github.com/toolgen/toolgen/internal/loopback"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/internal/auth"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// Config configures a Runtime. Only Endpoint is required.
type Config struct {
	Endpoint string
	// Role is the role whose tools are visible; "" sees every tool. It must be a role the
	// catalog declares (New returns a *RoleError otherwise), unless the catalog declares none.
	Role     string
	User     string        // "" runs anonymously
	Password func() string // read at each login; cmd/agent reads AGENT_PASSWORD
	Token    string        // a bearer token issued elsewhere: no login (cmd/agent reads AGENT_TOKEN)
	// TokenHeader is how the token (issued or from the login) goes out, written as it reads on
	// the wire: "Authorization: Bearer" (the default, ""), "X-Shopify-Access-Token:", "x-api-key:".
	TokenHeader string
	// Headers are fixed headers every request carries, the login's too: "x-hasura-role: user",
	// an API version. Never secrets: a name that reads as a credential is refused.
	Headers []string
	// LoginDocument is the API's login mutation; required with User. When it declares $input,
	// the credentials go there as {"username": User, "password": Password()} (the Movie
	// Database's LoginInput); else User goes in each of $username, $email and $login it declares
	// and the password in $password (a document declaring no user or no password variable is
	// refused before anything is sent). An input object with other fields is written out:
	//   mutation Login($username: String!, $password: String!) { login(input: {email: $username, password: $password}) { token } }
	LoginDocument string
	HTTPClient    *http.Client  // nil: a client that never follows a redirect (it could carry the token to another host)
	Timeout       time.Duration // per tool call, body read included; 0: 10 seconds
	Audit         *audit.Log    // nil: no audit trail
	InsecureHTTP  bool          // allow credentials over plain HTTP to a non-loopback host
	Logger        *slog.Logger  // failure details under reference ids; nil: discarded
	// AuthErrorCodes are the GraphQL error codes meaning "log in again" (in extensions.code, or
	// in extensions.classification as Spring GraphQL writes it); nil: UNAUTHENTICATED and
	// UNAUTHORIZED.
	AuthErrorCodes []string
}

// Runtime executes one catalog's tools for one role and one identity. It is safe for
// concurrent use; per-run state (budget, gate memory) lives in a Run.
type Runtime struct {
	role    string
	tools   []*tool // the role's view, catalog order
	byName  map[string]*tool
	session *auth.Session
	client  *exec.Client
	audit   *audit.Log
	prov    Provenance
	digest  string // the catalog's own digest (catalog.json's "digest")
}

// tool is a catalog tool with its schema compiled once.
type tool struct {
	catalog.Tool
	fingerprint string
	schema      *args.Schema
	// mutation is the parsed document's kind (verifyCatalog): the no-retry rule, ToolDef and so
	// MCP's annotations read this, never the catalog's kind field.
	mutation bool
}

// ToolDef is one tool as a model sees it: a function definition.
type ToolDef struct {
	Name        string
	Title       string // for people; "" when the allow-list gives none
	Description string
	InputSchema json.RawMessage // JSON Schema 2020-12 of the arguments object
	Mutation    bool            // a write
	NeedsHuman  bool            // every call waits for approval
	Tokens      int             // what the definition costs a model in tokens (catalog.json's count)
	// Keywords are the catalog's words for run-time search (toolsearch); nil when none.
	Keywords *catalog.Keywords
	// Fingerprint is "sha256:<hex>" of the tool's entry in catalog.json, so a host that pins a
	// tool notices any change of its definition, its document or its approval.
	Fingerprint string
}

// New prepares the role's tools, compiling each input schema once. It does not log in. It
// refuses a catalog whose tools disagree with their documents, however it was made, a role
// the catalog does not declare (*catalog.RoleError) and what Config.Check refuses.
func New(cat *Catalog, cfg Config) (*Runtime, error) {
	if cfg.Endpoint == "" {
		return nil, fmt.Errorf("toolrt: no endpoint configured")
	}
	if cat == nil || cat.Catalog == nil {
		return nil, fmt.Errorf("toolrt: no catalog; load one with Load")
	}
	headers, err := cfg.check()
	if err != nil {
		return nil, err
	}
	kinds, err := verifyCatalog(cat.Catalog)
	if err != nil {
		return nil, fmt.Errorf("toolrt: %w", err)
	}
	if err := cat.CheckRole(cfg.Role); err != nil {
		return nil, err
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = exec.NewHTTPClient()
	}
	r := &Runtime{role: cfg.Role, byName: map[string]*tool{}, audit: cfg.Audit, prov: cat.Provenance, digest: cat.Digest}
	for _, ct := range cat.ForRole(cfg.Role) {
		vars, err := variableTypes(ct.Operation)
		if err != nil { // verifyCatalog parsed it already
			return nil, fmt.Errorf("toolrt: tool %q: %w", ct.Name, err)
		}
		s, err := args.Compile(ct.Name, ct.InputSchema, vars)
		if err != nil {
			return nil, fmt.Errorf("toolrt: %w", err)
		}
		t := &tool{Tool: ct, schema: s, mutation: kinds[ct.Name] == catalog.Mutation, fingerprint: fingerprint(ct)}
		r.tools = append(r.tools, t)
		r.byName[ct.Name] = t
	}
	r.session = auth.New(auth.Config{
		Endpoint: cfg.Endpoint, User: cfg.User, Password: cfg.Password, Token: cfg.Token,
		Document: cfg.LoginDocument, HTTP: cfg.HTTPClient, Timeout: cfg.Timeout, Headers: headers,
	})
	r.client = &exec.Client{
		Endpoint: cfg.Endpoint, HTTP: cfg.HTTPClient, Timeout: cfg.Timeout,
		Creds: r.session, Log: cfg.Logger, Password: cfg.Password, AuthCodes: cfg.AuthErrorCodes,
		Headers: headers, InClear: inClear(cfg.Endpoint, cfg.InsecureHTTP),
	}
	return r, nil
}

// Login logs in as the configured user; with no user it does nothing. Call it once before the
// first tool call so a wrong password fails the run up front.
func (r *Runtime) Login(ctx context.Context) error { return r.session.Login(ctx) }

// User is the configured user, "" when anonymous.
func (r *Runtime) User() string { return r.session.User() }

// Role is the role whose tools this runtime exposes.
func (r *Runtime) Role() string { return r.role }

// Tools returns the role's tools in catalog order, as function definitions for a model.
func (r *Runtime) Tools() []ToolDef {
	out := make([]ToolDef, len(r.tools))
	for i, t := range r.tools {
		out[i] = ToolDef{
			Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema,
			Mutation: t.mutation, NeedsHuman: t.Approval == catalog.ApprovalRequired,
			Tokens: t.Tokens, Keywords: t.Keywords, Fingerprint: t.fingerprint,
		}
	}
	return out
}

// CatalogDigest is the catalog's own digest (catalog.json's "digest"): with a tool's
// Fingerprint, what an MCP host can pin.
func (r *Runtime) CatalogDigest() string { return r.digest }

// fingerprint hashes the tool's entry as catalog.json writes it.
func fingerprint(t catalog.Tool) string {
	b, err := catalog.MarshalJSON(t)
	if err != nil { // a parsed catalog's tool always encodes
		return ""
	}
	return catalog.FileDigest(b)
}

// NewRun starts a run: one budget and one gate shared by every call made through it. A nil
// budget means no ceilings; a nil approver denies every write.
func (r *Runtime) NewRun(b *budget.Budget, approver gate.Approver) *Run {
	return &Run{rt: r, id: newID("run"), budget: b, gate: gate.New(approver)}
}

// Direct runs one tool with every argument check but without the gate or a budget. It is the
// wiring check behind `agent call`, which a person types; never hand it to a model.
func (r *Runtime) Direct(ctx context.Context, name string, raw []byte) (Result, error) {
	run := &Run{rt: r, id: newID("direct"), direct: true}
	return run.Call(ctx, name, raw)
}

func newID(prefix string) string {
	return prefix + "-" + exec.NewRef()[len("ref-"):]
}

// HeaderError is what is wrong with Config.TokenHeader or one of Config.Headers: Field names
// which, and Secret says a fixed header's name read as a credential (it belongs in the token).
type HeaderError struct {
	Field  string
	Err    error
	Secret bool
}

func (e *HeaderError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *HeaderError) Unwrap() error { return e.Err }

// Check reports what is wrong with the configuration before a Runtime is made: a TokenHeader
// or one of Headers that cannot be sent (*HeaderError), or credentials (a User or a Token)
// that would go over plain HTTP to a host other than this machine without InsecureHTTP. An
// empty Endpoint is not checked here; New requires one.
func (cfg Config) Check() error {
	_, err := cfg.check()
	return err
}

func (cfg Config) check() (exec.Headers, error) {
	headers, err := parseHeaders(cfg.TokenHeader, cfg.Headers)
	if err != nil {
		return headers, fmt.Errorf("toolrt: %w", err)
	}
	return headers, checkEndpoint(cfg.Endpoint, cfg.User != "" || cfg.Token != "", cfg.InsecureHTTP)
}

func parseHeaders(tokenHeader string, fixed []string) (exec.Headers, error) {
	token, err := exec.ParseTokenHeader(tokenHeader)
	if err != nil {
		return exec.Headers{}, &HeaderError{Field: "TokenHeader", Err: err}
	}
	h := exec.Headers{Token: token, Fixed: http.Header{}}
	for _, s := range fixed {
		name, value, err := exec.ParseHeader(s, token)
		if err != nil {
			return exec.Headers{}, &HeaderError{Field: "Headers", Err: err, Secret: errors.As(err, new(*exec.SecretHeaderError))}
		}
		h.Fixed.Add(name, value)
	}
	return h, nil
}

// inClear reports whether a token sent to endpoint would cross a network in clear; checkEndpoint
// refuses a login or a token there at start, and a caller's forwarded token is refused per call.
func inClear(endpoint string, insecure bool) bool {
	u, err := url.Parse(endpoint)
	return err == nil && !insecure && loopback.InClear(u)
}

// checkEndpoint refuses to send credentials in clear: with a user or a token, an http://
// endpoint must be a loopback host unless insecure is set. Without credentials there is nothing
// to leak, and https or loopback never crosses a network in clear.
func checkEndpoint(endpoint string, credentials, insecure bool) error {
	u, err := url.Parse(endpoint)
	if err != nil {
		return fmt.Errorf("-endpoint %q: %v", endpoint, err)
	}
	if !credentials || insecure || !loopback.InClear(u) {
		return nil
	}
	return fmt.Errorf("-endpoint %s is plain HTTP to a host that is not loopback: the password and the bearer token would cross the network in clear; use https://, or pass -insecure-http if this network is trusted", endpoint)
}
