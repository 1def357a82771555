// Package mcpserve serves one role's compiled catalog over the Model Context Protocol, so any
// MCP host (Claude Desktop, VS Code, Cursor, the MCP Inspector) reaches exactly the reviewed
// tools with the same login, argument checks, budget, audit and approval gate as the agent loop.
//
// Every tools/call goes through toolrt: one toolrt.Run per MCP session holds that session's
// budget and gate. Identity is the runtime's configured login; nothing the MCP client sends
// (arguments, headers) changes who the calls run as, except, over HTTP with Config.Auth, a
// verified OAuth token: it chooses the caller's role and, with Auth.ForwardToken, is the
// credential the calls go with (auth.go). Writes pass the approval mode
// chosen at start: deny (the default), elicit (the user answers an MCP elicitation showing the
// exact operation and variables) or host (the host's own confirmation; weaker).
//
//	srv, err := mcpserve.New(mcpserve.Config{Runtime: rt, Approve: mcpserve.Elicit})
//	err = srv.ServeStdio(ctx)
package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// MaxMessageBytes bounds one inbound JSON-RPC message on stdio and one HTTP request body.
// toolrt refuses arguments over 64 KiB on its own; this keeps a hostile client from making
// the transport buffer megabytes first.
const MaxMessageBytes = 1 << 20

// DefaultCallsPerCaller is the ceiling of each caller when Config.PerCaller is nil: 100 tool
// calls a minute, more than a person's host makes (a model's turn is a handful of calls), few
// enough that a client looping on the server cannot hammer the API. Unlike a lifetime count it
// never refuses a caller for good: the next minute admits again.
func DefaultCallsPerCaller() budget.Rate { return budget.Rate{N: 100, Per: time.Minute} }

// protocolVersions are the protocol versions served, newest first. Under 2026-07-28 a server
// must not send an elicitation during a call, so elicit mode returns an input request and
// resumes the prepared write when the client retries (elicit.go); the SDK's server middleware
// plays the same exchange for older clients, including every client that sends initialize,
// whatever version it asks for (version.go). Streamable HTTP is stateful and the SDK serves
// 2026-07-28 only on stateless HTTP, so there clients fall back to 2025-11-25.
var protocolVersions = []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// Config configures a Server. Runtime is required and should already be logged in.
type Config struct {
	Runtime *toolrt.Runtime
	Approve Approval      // "" means Deny
	Limits  budget.Limits // ceilings of each MCP session; Mode "" means budget.Error
	// PerCaller is the tool-call ceiling of each caller per time window, over all its sessions
	// (and, counted in a shared store, over every replica); nil means DefaultCallsPerCaller()
	// counted in this process. The caller is the bearer token's subject when the transport
	// verified one, else the server's one configured identity.
	PerCaller *budget.PerCaller
	Logger    *slog.Logger // status and session lines (stderr under stdio); nil discards
	Version   string       // reported in initialize; "" means "dev"
	// Deferrer records writes under Approve == Defer (toolrt/pending's store); required there.
	Deferrer toolrt.Deferrer
	// Checks are what /readyz checks besides the API (health.go): the stores the server uses.
	Checks []Check

	// Auth makes HTTP callers authenticate with an OAuth bearer token (auth.go); nil serves
	// every HTTP client as the runtime's login, as stdio always does.
	Auth *Auth
	// Runtimes are the other roles a caller's token may choose, with Auth: each caller is
	// served the one role it holds among Runtime's and these.
	Runtimes []*toolrt.Runtime
	// Stateless serves HTTP without sessions, so any replica answers any request (stateless.go).
	Stateless bool
	// StateKey signs the request state of a write waiting for approval over stateless HTTP, so
	// another replica holding the same key can resume it; nil draws a key for this process.
	StateKey []byte
	// HTTP bounds sessions and request bodies (limits.go); zero fields take the defaults.
	HTTP HTTPLimits
	// Telemetry receives a span and metrics per tool call (telemetry.go); zero is off.
	Telemetry Telemetry
	// Tools is how each role's tools are listed: metatools.All ("" too), Search or Auto.
	Tools metatools.Mode
}

// Server is an MCP server over one runtime, or over one runtime per role when callers
// authenticate (auth.go). It serves any number of sessions.
type Server struct {
	cfg      Config
	mcp      *mcp.Server            // Config.Runtime's: stdio, Connect, and HTTP without Auth
	byRole   map[string]*mcp.Server // with Auth, the server of each role a caller may hold
	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*session
	active   atomic.Int64 // tool calls in flight, which a shutdown lets finish
	ready    readiness    // the last /readyz answer
	state    *stateCodec  // request states of writes waiting for approval over stateless HTTP
	tel      *telemetry
	// metas hold each role's tools behind the meta-tools (meta.go); a role listed whole has none.
	metas     map[*toolrt.Runtime]*metatools.Set
	toolsLine string // what Config.Runtime's role lists and why (ToolsLine)
}

// session is the per-MCP-session state: its run (budget, gate, run id) and, in elicit mode,
// the writes waiting for the user's answer.
type session struct {
	run     *toolrt.Run
	pending *pendingCalls
}

// New builds the server and registers each role's tools in catalog order.
func New(cfg Config) (*Server, error) {
	if cfg.Runtime == nil {
		return nil, errors.New("mcpserve: no runtime")
	}
	if len(cfg.Runtimes) > 0 && cfg.Auth == nil {
		return nil, errors.New("mcpserve: several roles are served only to callers that authenticate (Config.Auth)")
	}
	if cfg.Approve == "" {
		cfg.Approve = Deny
	}
	if _, err := ParseApproval(string(cfg.Approve)); err != nil {
		return nil, err
	}
	if err := checkDefer(cfg); err != nil {
		return nil, err
	}
	if err := checkAuth(cfg.Auth); err != nil {
		return nil, err
	}
	if cfg.Limits.Mode == "" {
		// The host's conversation goes on after a refusal; an error result tells its model why.
		cfg.Limits.Mode = budget.Error
	}
	if cfg.PerCaller == nil {
		cfg.PerCaller = budget.NewPerCaller(DefaultCallsPerCaller(), nil)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	state, err := newStateCodec(cfg.StateKey)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, sessions: map[*mcp.ServerSession]*session{}, byRole: map[string]*mcp.Server{}, state: state}
	s.tel = newTelemetry(cfg.Telemetry)
	s.mcp = s.newMCP(cfg.Runtime)
	s.byRole[cfg.Runtime.Role()] = s.mcp
	for _, rt := range cfg.Runtimes {
		if _, dup := s.byRole[rt.Role()]; dup {
			return nil, fmt.Errorf("mcpserve: role %q given twice", rt.Role())
		}
		s.byRole[rt.Role()] = s.newMCP(rt)
	}
	return s, nil
}

// newMCP builds the MCP server of one runtime's role.
func (s *Server) newMCP(rt *toolrt.Runtime) *mcp.Server {
	defs := rt.Tools()
	srv := mcp.NewServer(&mcp.Implementation{
		Name:    "toolgen",
		Title:   "toolgen: " + roleTitle(rt.Role()),
		Version: s.cfg.Version,
	}, &mcp.ServerOptions{
		Capabilities:              &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
		SupportedProtocolVersions: protocolVersions,
		PageSize:                  max(mcp.DefaultPageSize, len(defs)), // one page, so one order
	})
	listed := s.listed(rt, defs) // the role's tools, or the meta-tools over them (meta.go)
	for _, def := range listed {
		srv.AddTool(s.mcpTool(rt, def), s.handler(rt, def.Name))
	}
	srv.AddReceivingMiddleware(negotiatedInitialize, catalogOrder(listed), s.auditUnknown(rt, listed))
	return srv
}

// ceilingKey names who makes a call, for the per-caller ceiling: the caller the OAuth check
// authenticated (issuer#subject), else the subject of a bearer token another verifier accepted,
// else the identity rt signs in as (replicas configured with one user share its count). The
// prefixes keep a subject from posing as a configured user.
func ceilingKey(extra *mcp.RequestExtra, rt *toolrt.Runtime) string {
	if c := callerOf(extra); c != nil {
		return "sub:" + c.id
	}
	if extra != nil && extra.TokenInfo != nil && extra.TokenInfo.UserID != "" {
		return "sub:" + extra.TokenInfo.UserID
	}
	return "as:" + rt.User()
}

func roleTitle(role string) string {
	if role == "" {
		return "every tool"
	}
	return "role " + role
}

// Connect serves one session over t and returns it; tests use it with in-memory transports.
func (s *Server) Connect(ctx context.Context, t mcp.Transport) (*mcp.ServerSession, error) {
	return s.mcp.Connect(ctx, t, nil)
}

// session returns the state of a call's session, starting its run on the session's first call:
// a run of rt's role, acting for the authenticated caller when there is one (c is nil
// otherwise), counted against the ceiling of whoever makes the call (ceilingKey).
func (s *Server) session(req *mcp.CallToolRequest, rt *toolrt.Runtime, c *caller) *session {
	ss := req.Session
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.sessions[ss]; ok {
		return st
	}
	run := s.newRun(rt, ceilingKey(req.Extra, rt))
	if c != nil {
		run.ActFor(c.id, s.cfg.Auth.ForwardToken)
	}
	st := &session{run: run, pending: newPendingCalls(run)}
	s.sessions[ss] = st
	if !s.cfg.Stateless { // a stateless session lasts one request: not worth a line each
		s.cfg.Logger.Info("mcp session", "session", ss.ID(), "run", run.ID(), "approve", string(s.cfg.Approve), "caller", c.String())
	}
	go s.forget(ss)
	return st
}

// forget drops a session's state once its connection ends, so a long-running HTTP server
// does not keep every finished session's budget, and denies the writes still waiting for an
// answer so each is audited.
func (s *Server) forget(ss *mcp.ServerSession) {
	_ = ss.Wait()
	s.mu.Lock()
	st := s.sessions[ss]
	s.mu.Unlock()
	if st == nil {
		return
	}
	// Closed before it leaves the map: a server stopping now (expireAll) finds the session
	// and waits for these records instead of returning before they are written.
	st.pending.close()
	s.mu.Lock()
	delete(s.sessions, ss)
	s.mu.Unlock()
}

// expireAll ends the writes still waiting in every session, recorded as expired, so a server
// that stops leaves no write without its record.
func (s *Server) expireAll() {
	s.mu.Lock()
	var all []*session
	for _, st := range s.sessions {
		all = append(all, st)
	}
	s.mu.Unlock()
	for _, st := range all {
		st.pending.close()
	}
}
