// Package oauthtest is a small authorization server for tests: it generates a real signing key,
// serves its public key set (JWKS) over HTTP on loopback and signs access tokens with it, so a
// resource server is tested against real signatures and a real key fetch.
package oauthtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// Issuer signs tokens with its key and serves the public half at JWKS.
type Issuer struct {
	URL     string // the issuer, as "iss"
	JWKS    string // the key set's URL
	Fetches atomic.Int64
	key     *ecdsa.PrivateKey
	kid     string
}

// New starts an issuer on loopback for the test's lifetime.
func New(t testing.TB) *Issuer {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	iss := &Issuer{key: key, kid: "k1"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		iss.Fetches.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{
			{Key: &key.PublicKey, KeyID: iss.kid, Algorithm: string(jose.ES256), Use: "sig"},
		}})
	}))
	t.Cleanup(srv.Close)
	iss.URL, iss.JWKS = srv.URL, srv.URL+"/jwks.json"
	return iss
}

// Claims are a token's claims: the registered ones and any others (such as roles).
type Claims struct {
	jwt.Claims
	Extra map[string]any
}

// Valid returns claims that a resource server at audience accepts for subject.
func (iss *Issuer) Valid(audience, subject string, roles ...string) Claims {
	now := time.Now()
	return Claims{
		Claims: jwt.Claims{
			Issuer: iss.URL, Subject: subject, Audience: jwt.Audience{audience},
			IssuedAt: jwt.NewNumericDate(now), Expiry: jwt.NewNumericDate(now.Add(time.Hour)),
		},
		Extra: map[string]any{"roles": roles},
	}
}

// Sign signs claims with the issuer's key, under its key id.
func (iss *Issuer) Sign(t testing.TB, c Claims) string {
	t.Helper()
	return iss.SignWith(t, c, iss.key, iss.kid)
}

// SignWith signs claims with another key or key id: a forger's token.
func (iss *Issuer) SignWith(t testing.TB, c Claims, key any, kid string) string {
	t.Helper()
	opts := (&jose.SignerOptions{}).WithType("at+jwt").WithHeader(jose.HeaderKey("kid"), kid)
	alg := jose.ES256
	if _, ok := key.([]byte); ok {
		alg = jose.HS256
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: alg, Key: key}, opts)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := jwt.Signed(signer).Claims(c.Claims).Claims(c.Extra).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}
