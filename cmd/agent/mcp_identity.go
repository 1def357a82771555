package main

// This file holds the flags that serve `agent mcp -http` to many callers: OAuth (each caller
// authenticates and is served its own role's tools, optionally with its own token reaching
// the API), stateless HTTP for replicas behind a load balancer, the session caps, and
// OpenTelemetry.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/toolgen/toolgen/internal/loopback"
	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/mcpserve/oauth"
)

// MCPIdentity are the settings of this file; their yaml keys equal the flag names.
type MCPIdentity struct {
	OAuthJWKS            string `yaml:"oauth-jwks"`
	OAuthIssuer          string `yaml:"oauth-issuer"`
	OAuthAudience        string `yaml:"oauth-audience"`
	RoleClaim            string `yaml:"role-claim"`
	ForwardToken         bool   `yaml:"forward-token"`
	Stateless            bool   `yaml:"stateless"`
	StateKey             string `yaml:"state-key"` // a file of at least 32 random bytes
	MaxSessions          int    `yaml:"max-sessions"`
	MaxSessionsPerClient int    `yaml:"max-sessions-per-client"`
	OTel                 bool   `yaml:"otel"`
}

var mcpIdentityFlagNames = []string{"oauth-jwks", "oauth-issuer", "oauth-audience", "role-claim", "forward-token",
	"stateless", "state-key", "max-sessions", "max-sessions-per-client", "otel"}

func init() {
	for _, n := range mcpIdentityFlagNames {
		flagGroups[n] = []string{"mcp"}
	}
}

func mcpIdentityFlags(flags *flag.FlagSet, s *MCPIdentity) {
	flags.StringVar(&s.OAuthJWKS, "oauth-jwks", s.OAuthJWKS, "mcp -http: the authorization server's key set, a `file` or https URL; with it every caller needs a bearer token")
	flags.StringVar(&s.OAuthIssuer, "oauth-issuer", s.OAuthIssuer, "mcp -http: the issuer every token must name (\"iss\")")
	flags.StringVar(&s.OAuthAudience, "oauth-audience", s.OAuthAudience, "mcp -http: this server's `URL`, which every token's \"aud\" must hold")
	flags.StringVar(&s.RoleClaim, "role-claim", s.RoleClaim, "mcp -http: the token `claim` naming the caller's role: an array, or space-separated like scope (default roles)")
	flags.BoolVar(&s.ForwardToken, "forward-token", s.ForwardToken, "mcp -http: send each call with the caller's own token instead of -user's login")
	flags.BoolVar(&s.Stateless, "stateless", s.Stateless, "mcp -http: serve without sessions, so any replica answers any request")
	flags.StringVar(&s.StateKey, "state-key", s.StateKey, "mcp -stateless: `file` of >= 32 random bytes every replica shares, to resume a write approved on another")
	flags.IntVar(&s.MaxSessions, "max-sessions", s.MaxSessions, fmt.Sprintf("mcp -http: sessions open at once (default %d)", mcpserve.DefaultMaxSessions))
	flags.IntVar(&s.MaxSessionsPerClient, "max-sessions-per-client", s.MaxSessionsPerClient, fmt.Sprintf("mcp -http: sessions open at once per caller or address (default %d)", mcpserve.DefaultMaxSessionsPerClient))
	flags.BoolVar(&s.OTel, "otel", s.OTel, "mcp: export traces and metrics over OTLP/HTTP (also on when OTEL_EXPORTER_OTLP_ENDPOINT is set)")
}

// oauthOn reports whether any OAuth flag was given: then all three are required.
func (s MCPIdentity) oauthOn() bool {
	return s.OAuthJWKS != "" || s.OAuthIssuer != "" || s.OAuthAudience != ""
}

// check refuses options that need -http, or each other, before anything starts.
func (s MCPIdentity) check(http bool) error {
	switch {
	case !http && (s.oauthOn() || s.Stateless || s.ForwardToken):
		return errors.New("-oauth-*, -forward-token and -stateless apply to -http: stdio serves the one host that started the agent")
	case s.ForwardToken && !s.oauthOn():
		return errors.New("-forward-token needs -oauth-jwks, -oauth-issuer and -oauth-audience: only a verified caller's token is forwarded")
	case s.StateKey != "" && !s.Stateless:
		return errors.New("-state-key applies to -stateless")
	case s.MaxSessions < 0 || s.MaxSessionsPerClient < 0:
		return errors.New("-max-sessions and -max-sessions-per-client cannot be negative")
	}
	return nil
}

// mcpServing fills cfg's identity and transport settings; rt is the runtime already made for
// the settings' role. With OAuth and no -role, every role the catalog declares is served.
func (e *Env) mcpServing(ctx context.Context, cfg *mcpserve.Config, roleGiven bool) error {
	s := e.Settings.MCPIdentity
	cfg.Stateless = s.Stateless
	cfg.HTTP = mcpserve.HTTPLimits{MaxSessions: s.MaxSessions, MaxSessionsPerClient: s.MaxSessionsPerClient}
	if s.StateKey != "" {
		key, err := os.ReadFile(s.StateKey)
		if err != nil {
			return fmt.Errorf("-state-key: %w", err)
		}
		if len(key) < mcpserve.MinStateKeyBytes {
			return fmt.Errorf("-state-key %s: %d bytes; write at least %d random bytes, e.g. head -c 32 /dev/urandom > %s", s.StateKey, len(key), mcpserve.MinStateKeyBytes, s.StateKey)
		}
		cfg.StateKey = key
	}
	if !s.oauthOn() {
		return nil
	}
	if u, err := url.Parse(e.Settings.Endpoint); err == nil && s.ForwardToken && !e.Settings.InsecureHTTP && loopback.InClear(u) {
		return fmt.Errorf("-forward-token: -endpoint %s is plain HTTP to a host that is not loopback: every caller's token would cross the network in clear; use https://, or pass -insecure-http if this network is trusted", e.Settings.Endpoint)
	}
	v, err := oauth.New(ctx, oauth.Config{JWKS: s.OAuthJWKS, Issuer: s.OAuthIssuer, Audience: s.OAuthAudience, RoleClaim: s.RoleClaim})
	if err != nil {
		return err
	}
	cfg.Auth = &mcpserve.Auth{Verifier: v, Issuer: s.OAuthIssuer, Resource: s.OAuthAudience, ForwardToken: s.ForwardToken}
	cat, err := e.Catalog()
	if err != nil {
		return err
	}
	if s.RoleClaim == "scope" {
		cfg.Auth.Scopes = cat.RoleNames()
	}
	if roleGiven {
		return nil
	}
	first := cfg.Runtime.Role()
	defer func() { e.Settings.Role = first }()
	for _, role := range cat.RoleNames() {
		if role == first {
			continue
		}
		e.Settings.Role = role
		rt, err := e.newRuntime(ctx) // signed in by newMCPServer, which tolerates an API that is down
		if err != nil {
			return fmt.Errorf("role %s: %w", role, err)
		}
		cfg.Runtimes = append(cfg.Runtimes, rt)
	}
	return nil
}

// servedAs names who the HTTP server acts as in its status line.
func servedAs(e *Env, roles []string) string {
	s := e.Settings.MCPIdentity
	if !s.oauthOn() {
		return roleLabel(e.Settings.Role) + " as " + who(e)
	}
	as := "as " + who(e)
	if s.ForwardToken {
		as = "with each caller's own token"
	}
	return "roles " + strings.Join(roles, ", ") + " to OAuth callers of " + s.OAuthIssuer + ", " + as
}

// firstServedRole reports whether -role was given; with OAuth and none given, it sets the
// first role the catalog declares, so the first runtime is made and the rest follow
// (mcpServing).
func (e *Env) firstServedRole() (bool, error) {
	if e.Settings.Role != "" || !e.Settings.MCPIdentity.oauthOn() {
		return e.Settings.Role != "", nil
	}
	cat, err := e.Catalog()
	if err != nil {
		return false, err
	}
	if roles := cat.RoleNames(); len(roles) > 0 {
		e.Settings.Role = roles[0]
	}
	return false, nil
}
