// Package oauth verifies the OAuth 2.1 bearer tokens an MCP client sends to `agent mcp -http`:
// signed JWT access tokens (RFC 9068) checked against the authorization server's key set
// (JWKS), its issuer, this server's audience, the expiry, and a closed list of asymmetric
// signature algorithms ("none" and HMAC are never accepted). It also reads the caller's roles
// from one claim and describes this server as a protected resource (RFC 9728).
//
//	v, err := oauth.New(oauth.Config{JWKS: "https://idp.example/jwks.json", Issuer: iss, Audience: "https://mcp.example/"})
//	caller, err := v.Verify(ctx, bearer)
package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// DefaultRoleClaim is the claim read for the caller's roles when Config.RoleClaim is empty.
const DefaultRoleClaim = "roles"

// Leeway is the clock skew tolerated on exp, nbf and iat.
const Leeway = 30 * time.Second

// algorithms are the signature algorithms accepted: asymmetric only, so a key set that is
// public cannot be used to forge a token (HS256 with the public key as secret), and never none.
var algorithms = []jose.SignatureAlgorithm{
	jose.RS256, jose.RS384, jose.RS512, jose.PS256, jose.PS384, jose.PS512,
	jose.ES256, jose.ES384, jose.ES512, jose.EdDSA,
}

// Config configures a Verifier. JWKS, Issuer and Audience are required.
type Config struct {
	JWKS     string // a file path or an https URL (http only on loopback) of the key set
	Issuer   string // the "iss" every token must carry, exactly
	Audience string // this server's URL; every token's "aud" must contain it (RFC 8707)
	// RoleClaim names the claim holding the caller's roles: an array of strings, or one string
	// of space-separated values such as OAuth's "scope". A dotted name reaches into objects
	// ("realm_access.roles"). "" means DefaultRoleClaim.
	RoleClaim string
	Now       func() time.Time // nil: time.Now
}

// Caller is who a verified token speaks for.
type Caller struct {
	Issuer  string
	Subject string
	Roles   []string // the role claim's values, as given
	Expiry  time.Time
}

// ID names the caller across issuers: the issuer and the subject.
func (c Caller) ID() string { return c.Issuer + "#" + c.Subject }

// Verifier checks bearer tokens. It is safe for concurrent use.
type Verifier struct {
	cfg  Config
	keys *keySource
}

// New checks the configuration and loads the key set once, so a wrong path or URL fails at
// start rather than at the first caller.
func New(ctx context.Context, cfg Config) (*Verifier, error) {
	switch {
	case cfg.JWKS == "":
		return nil, errors.New("-oauth-jwks: required: the authorization server's key set, a file or an https URL")
	case cfg.Issuer == "":
		return nil, errors.New("-oauth-issuer: required: the authorization server's issuer URL, as tokens carry it in \"iss\"")
	case cfg.Audience == "":
		return nil, errors.New("-oauth-audience: required: this server's URL, as tokens carry it in \"aud\"")
	}
	if _, err := ResourceURL(cfg.Audience); err != nil {
		return nil, err
	}
	if cfg.RoleClaim == "" {
		cfg.RoleClaim = DefaultRoleClaim
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	keys, err := newKeySource(cfg.JWKS, cfg.Now)
	if err != nil {
		return nil, err
	}
	if err := keys.load(ctx); err != nil {
		return nil, fmt.Errorf("-oauth-jwks %s: %w", cfg.JWKS, err)
	}
	return &Verifier{cfg: cfg, keys: keys}, nil
}

// ResourceURL checks that audience is this server's absolute URL, as the MCP authorization
// spec binds tokens to the resource they are for: https, or http on a loopback host.
func ResourceURL(audience string) (*url.URL, error) {
	u, err := url.Parse(audience)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.Fragment != "" {
		return nil, fmt.Errorf("-oauth-audience %q: must be this server's URL, such as https://mcp.example.com/ (tokens are bound to it)", audience)
	}
	if u.Scheme == "http" && !loopbackHost(u.Hostname()) {
		return nil, fmt.Errorf("-oauth-audience %q: use https; plain http only on a loopback host", audience)
	}
	return u, nil
}

// ErrInvalid is wrapped by every refusal of a token. Its messages name what failed and never
// quote the token.
var ErrInvalid = errors.New("invalid token")

func invalid(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, a...))
}

// Verify checks one compact JWS and returns its caller.
func (v *Verifier) Verify(ctx context.Context, token string) (*Caller, error) {
	tok, err := jwt.ParseSigned(token, algorithms)
	if err != nil {
		return nil, invalid("not a signed JWT with an accepted algorithm")
	}
	if len(tok.Headers) != 1 {
		return nil, invalid("one signature expected")
	}
	h := tok.Headers[0]
	if typ, _ := h.ExtraHeaders[jose.HeaderType].(string); typ != "" && !strings.EqualFold(typ, "at+jwt") && !strings.EqualFold(typ, "jwt") {
		return nil, invalid("typ %q is not an access token", clip(typ))
	}
	key, err := v.keys.key(ctx, h.KeyID, h.Algorithm)
	if err != nil {
		return nil, err
	}
	var std jwt.Claims
	var all map[string]any
	if err := tok.Claims(key.Key, &std, &all); err != nil {
		return nil, invalid("signature or claims do not verify")
	}
	return v.check(std, all)
}

// check applies the claim rules to a token whose signature verified.
func (v *Verifier) check(std jwt.Claims, all map[string]any) (*Caller, error) {
	if std.Expiry == nil {
		return nil, invalid("no exp: tokens without an expiry are not accepted")
	}
	if std.Subject == "" {
		return nil, invalid("no sub: the caller must be named")
	}
	err := std.ValidateWithLeeway(jwt.Expected{
		Issuer: v.cfg.Issuer, AnyAudience: jwt.Audience{v.cfg.Audience}, Time: v.cfg.Now(),
	}, Leeway)
	switch {
	case errors.Is(err, jwt.ErrExpired):
		return nil, invalid("expired")
	case errors.Is(err, jwt.ErrInvalidIssuer):
		return nil, invalid("issued by another issuer than %s", v.cfg.Issuer)
	case errors.Is(err, jwt.ErrInvalidAudience):
		return nil, invalid("not for this server's audience %s", v.cfg.Audience)
	case err != nil:
		return nil, invalid("%v", err)
	}
	roles, err := claimValues(all, v.cfg.RoleClaim)
	if err != nil {
		return nil, invalid("%v", err)
	}
	return &Caller{Issuer: std.Issuer, Subject: std.Subject, Roles: roles, Expiry: std.Expiry.Time()}, nil
}

// claimValues reads a claim as a list of strings: an array of strings, or one string of
// space-separated values (RFC 8693's "scope"). A missing claim is no roles.
func claimValues(all map[string]any, name string) ([]string, error) {
	var cur any = all
	for _, part := range strings.Split(name, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, nil
		}
		cur = m[part]
	}
	switch c := cur.(type) {
	case nil:
		return nil, nil
	case string:
		return strings.Fields(c), nil
	case []any:
		out := make([]string, 0, len(c))
		for _, e := range c {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("claim %q holds a %T, want strings", name, e)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("claim %q is a %T, want an array of strings or a string", name, cur)
}

// clip keeps a value from the token short and printable in an error message.
func clip(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return '?'
	}, s)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}
