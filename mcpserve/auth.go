// This file makes `agent mcp -http` an OAuth 2.1 resource server, as the MCP authorization
// spec asks: every request carries a bearer token that mcpserve/oauth verifies, a request
// without a valid one gets 401 with WWW-Authenticate naming the protected-resource metadata
// (RFC 9728), served at /.well-known/oauth-protected-resource. The token's role claim chooses,
// request by request, which role's tools the caller lists and may call; the SDK binds a
// session to the subject and role that opened it, so another token cannot continue it.

package mcpserve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"github.com/toolgen/toolgen/mcpserve/oauth"
)

// Auth configures the OAuth resource server.
type Auth struct {
	Verifier *oauth.Verifier
	Issuer   string // the authorization server, listed in the resource metadata
	Resource string // this server's URL: the tokens' audience (oauth.ResourceURL)
	// ForwardToken sends each call with the caller's own token instead of the runtime's
	// login, so the API applies the caller's own permissions.
	ForwardToken bool
	// Scopes are listed as scopes_supported in the metadata: the roles, when the role claim
	// is "scope", so a client knows what to ask for.
	Scopes []string
}

// metadataPath is where RFC 9728 puts a resource's metadata.
const metadataPath = "/.well-known/oauth-protected-resource"

// callerKey holds the *caller in auth.TokenInfo.Extra.
const callerKey = "toolgen.caller"

// caller is an authenticated HTTP caller: who, in which role, and its token, which only ever
// goes to the API (with ForwardToken) and never into a log, a span or the audit trail.
type caller struct {
	id      string // issuer#subject
	role    string
	refused string // why no role could be chosen; the request is refused with 403
	token   string
}

// String is the caller's id, for logs; a nil caller (no authentication) is "".
func (c *caller) String() string {
	if c == nil {
		return ""
	}
	return c.id
}

// LogValue keeps the token out of any structured log that is handed a caller.
func (c *caller) LogValue() slog.Value { return slog.StringValue(c.String()) }

// callerOf is the caller of one request, nil without authentication.
func callerOf(extra *mcp.RequestExtra) *caller {
	if extra == nil || extra.TokenInfo == nil {
		return nil
	}
	c, _ := extra.TokenInfo.Extra[callerKey].(*caller)
	return c
}

// authenticate wraps h with the bearer check and the metadata endpoint.
func (s *Server) authenticate(h http.Handler) http.Handler {
	a := s.cfg.Auth
	res, _ := oauth.ResourceURL(a.Resource) // checked by New
	metaURL := metadataURL(res)
	check := auth.RequireBearerToken(s.verify, &auth.RequireBearerTokenOptions{ResourceMetadataURL: metaURL})
	meta := auth.ProtectedResourceMetadataHandler(&oauthex.ProtectedResourceMetadata{
		Resource:               a.Resource,
		AuthorizationServers:   []string{a.Issuer},
		BearerMethodsSupported: []string{"header"},
		ScopesSupported:        a.Scopes,
		ResourceName:           "toolgen MCP server",
	})
	mux := http.NewServeMux()
	mux.Handle(metadataPath, meta)
	if p := strings.TrimSuffix(res.Path, "/"); p != "" {
		mux.Handle(metadataPath+p, meta) // RFC 9728 §3.1: the resource's path follows
	}
	mux.Handle("/", check(s.requireRole(h, metaURL)))
	return mux
}

// metadataURL is the metadata's address for resource: its origin, the well-known path, then
// the resource's own path.
func metadataURL(res *url.URL) string {
	u := url.URL{Scheme: res.Scheme, Host: res.Host, Path: metadataPath + strings.TrimSuffix(res.Path, "/")}
	return u.String()
}

// verify is the SDK's token verifier: the oauth check, then the role this caller gets.
func (s *Server) verify(ctx context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	c, err := s.cfg.Auth.Verifier.Verify(ctx, token)
	if err != nil {
		return nil, fmt.Errorf("%w: %s", auth.ErrInvalidToken, strings.TrimPrefix(err.Error(), oauth.ErrInvalid.Error()+": "))
	}
	cl := &caller{id: c.ID(), token: token}
	cl.role, err = s.roleOf(c.Roles)
	if err != nil {
		cl.refused = err.Error()
	}
	return &auth.TokenInfo{
		// The SDK refuses a session continued under another user id: the subject and the
		// role both, so a token with other roles opens a session of its own.
		UserID:     c.ID() + "\x00" + cl.role,
		Scopes:     c.Roles,
		Expiration: c.Expiry,
		Extra:      map[string]any{callerKey: cl},
	}, nil
}

// roleOf chooses the role a caller is served: the one role it holds among those served. A
// caller holding none, or several, is refused: which tools it gets must not depend on the
// order an authorization server lists claims in. A catalog without roles serves every caller.
func (s *Server) roleOf(held []string) (string, error) {
	if _, ok := s.byRole[""]; ok {
		return "", nil
	}
	var match []string
	for _, r := range held {
		if _, ok := s.byRole[r]; ok && !slices.Contains(match, r) {
			match = append(match, r)
		}
	}
	switch len(match) {
	case 1:
		return match[0], nil
	case 0:
		return "", fmt.Errorf("the token holds none of the roles served here (%s)", strings.Join(s.roles(), ", "))
	}
	return "", fmt.Errorf("the token holds several roles served here (%s); a caller is served one role: ask the authorization server for a token with one of them", strings.Join(match, ", "))
}

// roles lists the roles served, sorted.
func (s *Server) roles() []string {
	var out []string
	for r := range s.byRole {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// requireRole answers 403 insufficient_scope to a caller whose token chose no role.
func (s *Server) requireRole(h http.Handler, metaURL string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ti := auth.TokenInfoFromContext(r.Context())
		c, _ := ti.Extra[callerKey].(*caller)
		if c == nil || c.refused != "" {
			w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer error="insufficient_scope", scope=%q, resource_metadata=%q`, strings.Join(s.roles(), " "), metaURL))
			http.Error(w, "forbidden: "+cmp.Or(c.refusedText(), "no caller"), http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

func (c *caller) refusedText() string {
	if c == nil {
		return ""
	}
	return c.refused
}

// checkAuth refuses an Auth that cannot work before anything is served.
func checkAuth(a *Auth) error {
	if a == nil {
		return nil
	}
	if a.Verifier == nil {
		return errors.New("mcpserve: Auth without a Verifier")
	}
	_, err := oauth.ResourceURL(a.Resource)
	return err
}

// serverFor is the MCP server of the request's caller: its role's, or the only one.
func (s *Server) serverFor(r *http.Request) *mcp.Server {
	if s.cfg.Auth == nil {
		return s.mcp
	}
	ti := auth.TokenInfoFromContext(r.Context())
	if ti == nil {
		return nil
	}
	c, _ := ti.Extra[callerKey].(*caller)
	if c == nil || c.refused != "" {
		return nil
	}
	return s.byRole[c.role]
}
