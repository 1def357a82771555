package oauth_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/mcpserve/oauth"
	"github.com/toolgen/toolgen/mcpserve/oauth/oauthtest"
)

const aud = "http://127.0.0.1:7777/"

func verifier(t *testing.T, iss *oauthtest.Issuer, claim string) *oauth.Verifier {
	t.Helper()
	v, err := oauth.New(context.Background(), oauth.Config{JWKS: iss.JWKS, Issuer: iss.URL, Audience: aud, RoleClaim: claim})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestVerifyAcceptsAValidTokenAndReadsItsRoles(t *testing.T) {
	iss := oauthtest.New(t)
	v := verifier(t, iss, "")
	c, err := v.Verify(context.Background(), iss.Sign(t, iss.Valid(aud, "alice", "concierge", "staff")))
	if err != nil {
		t.Fatal(err)
	}
	if c.Subject != "alice" || c.Issuer != iss.URL || !cmp.Equal(c.Roles, []string{"concierge", "staff"}) {
		t.Fatalf("caller %+v", c)
	}
}

func TestRoleClaimReadsScopesAndNestedClaims(t *testing.T) {
	iss := oauthtest.New(t)
	claims := iss.Valid(aud, "bob")
	claims.Extra = map[string]any{"scope": "concierge read", "realm_access": map[string]any{"roles": []string{"staff"}}}
	tok := iss.Sign(t, claims)
	for claim, want := range map[string][]string{"scope": {"concierge", "read"}, "realm_access.roles": {"staff"}, "roles": nil} {
		c, err := verifier(t, iss, claim).Verify(context.Background(), tok)
		if err != nil {
			t.Fatal(err)
		}
		if !cmp.Equal(c.Roles, want) {
			t.Errorf("claim %s: roles %q, want %q", claim, c.Roles, want)
		}
	}
	claims.Extra = map[string]any{"roles": 7}
	if _, err := verifier(t, iss, "").Verify(context.Background(), iss.Sign(t, claims)); !errors.Is(err, oauth.ErrInvalid) {
		t.Fatalf("a number as roles: %v", err)
	}
}

func TestVerifyRefusesBadTokens(t *testing.T) {
	iss := oauthtest.New(t)
	v := verifier(t, iss, "")
	other, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ok := func() oauthtest.Claims { return iss.Valid(aud, "alice", "concierge") }
	cases := map[string]string{
		"expired": iss.Sign(t, with(ok(), func(c *oauthtest.Claims) {
			c.Expiry = jwt.NewNumericDate(time.Now().Add(-time.Hour))
		})),
		"wrong audience": iss.Sign(t, with(ok(), func(c *oauthtest.Claims) { c.Audience = jwt.Audience{"https://other.example/"} })),
		"wrong issuer":   iss.Sign(t, with(ok(), func(c *oauthtest.Claims) { c.Issuer = "https://evil.example" })),
		"no expiry":      iss.Sign(t, with(ok(), func(c *oauthtest.Claims) { c.Expiry = nil })),
		"no subject":     iss.Sign(t, with(ok(), func(c *oauthtest.Claims) { c.Subject = "" })),
		"not yet valid": iss.Sign(t, with(ok(), func(c *oauthtest.Claims) {
			c.NotBefore = jwt.NewNumericDate(time.Now().Add(time.Hour))
		})),
		"unknown kid":         iss.SignWith(t, ok(), other, "k9"),
		"known kid, other key": iss.SignWith(t, ok(), other, "k1"),
		"hs256 with a secret":  iss.SignWith(t, ok(), []byte("0123456789abcdef0123456789abcdef"), "k1"),
		"alg none":            unsigned(t, ok()),
		"not a JWT":           "opaque-token-123",
		"empty":               "",
	}
	for name, tok := range cases {
		c, err := v.Verify(context.Background(), tok)
		if !errors.Is(err, oauth.ErrInvalid) || c != nil {
			t.Errorf("%s: caller %v, err %v; want ErrInvalid", name, c, err)
			continue
		}
		if tok != "" && strings.Contains(err.Error(), tok) {
			t.Errorf("%s: the error quotes the token", name)
		}
	}
}

func with(c oauthtest.Claims, f func(*oauthtest.Claims)) oauthtest.Claims { f(&c); return c }

// unsigned is a token with alg none, which go-jose cannot produce: it is written by hand.
func unsigned(t *testing.T, c oauthtest.Claims) string {
	payload, err := json.Marshal(c.Claims)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"none","typ":"JWT","kid":"k1"}`)) + "." + enc(payload) + "."
}

func TestUnknownKeyIDsFetchTheKeySetAtMostOncePerInterval(t *testing.T) {
	iss := oauthtest.New(t)
	now := time.Now()
	clock := func() time.Time { return now }
	v, err := oauth.New(context.Background(), oauth.Config{JWKS: iss.JWKS, Issuer: iss.URL, Audience: aud, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	for i := range 40 {
		now = now.Add(time.Second)
		_, _ = v.Verify(context.Background(), iss.SignWith(t, iss.Valid(aud, "x"), other, "k"+string(rune('a'+i))))
	}
	if n := iss.Fetches.Load(); n != 2 { // at start, and once 30 s later
		t.Fatalf("%d fetches of the key set for 40 unknown key ids over 40 s, want 2", n)
	}
}

func TestConfigurationErrorsNameTheFlag(t *testing.T) {
	iss := oauthtest.New(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "jwks.json")
	if err := os.WriteFile(bad, []byte(`{"keys":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cfg  oauth.Config
		want string
	}{
		{oauth.Config{Issuer: iss.URL, Audience: aud}, "-oauth-jwks: required"},
		{oauth.Config{JWKS: iss.JWKS, Audience: aud}, "-oauth-issuer: required"},
		{oauth.Config{JWKS: iss.JWKS, Issuer: iss.URL}, "-oauth-audience: required"},
		{oauth.Config{JWKS: iss.JWKS, Issuer: iss.URL, Audience: "mcp-server"}, "must be this server's URL"},
		{oauth.Config{JWKS: iss.JWKS, Issuer: iss.URL, Audience: "http://mcp.example/"}, "use https"},
		{oauth.Config{JWKS: "http://idp.example/jwks", Issuer: iss.URL, Audience: aud}, "use https"},
		{oauth.Config{JWKS: bad, Issuer: iss.URL, Audience: aud}, "no public signing key"},
		{oauth.Config{JWKS: filepath.Join(dir, "missing.json"), Issuer: iss.URL, Audience: aud}, "missing.json"},
	} {
		_, err := oauth.New(context.Background(), tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.cfg, err, tc.want)
		}
	}
}
