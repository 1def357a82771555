package moviedb

// This file is identity: accounts with bcrypt-hashed passwords, HS256 tokens signed with a key
// that lives only as long as the process, and the caller carried in the request context. A missing,
// malformed, expired or foreign token is simply anonymous, as the original's JwtAuthFilter does.

import (
	"context"
	"crypto/rand"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	graphql "github.com/graph-gophers/graphql-go"
	"golang.org/x/crypto/bcrypt"
)

const (
	roleUser  = "USER"
	roleAdmin = "ADMIN"

	tokenLifetime = 24 * time.Hour // the original's jwt.expiration of 86 400 000 ms
)

// signingKey is random per process, so tokens never outlive the server that issued them.
var signingKey = func() []byte {
	k := make([]byte, 32)
	_, _ = rand.Read(k) // never fails since Go 1.24
	return k
}()

// user resolves the schema's User; records never change once created.
type user struct {
	num                   int64
	username, email, role string
	hash                  []byte
}

// ID resolves User.id.
func (u *user) ID() graphql.ID { return idOf(u.num) }

// Username resolves User.username.
func (u *user) Username() string { return u.username }

// Role resolves User.role.
func (u *user) Role() string { return u.role }

// Email is visible to the user themselves and to admins; anyone else gets null, not an error.
func (u *user) Email(ctx context.Context) *string {
	c := callerFrom(ctx)
	if c == nil || (c.num != u.num && c.role != roleAdmin) {
		return nil
	}
	return &u.email
}

// seedUsers hashes the seeded passwords. They are published in the docs, so the minimum bcrypt
// cost is enough and keeps every test (and -race) fast; registered accounts use the default cost.
func seedUsers() []*user {
	out := make([]*user, len(userRows))
	for i, r := range userRows {
		h, err := bcrypt.GenerateFromPassword([]byte(r.password), bcrypt.MinCost)
		if err != nil {
			panic("moviedb: hashing a seed password: " + err.Error())
		}
		out[i] = &user{num: int64(i + 1), username: r.username, email: r.email, role: r.role, hash: h}
	}
	return out
}

// passwordMatches reports whether password is the user's.
func (u *user) passwordMatches(password string) bool {
	return bcrypt.CompareHashAndPassword(u.hash, []byte(password)) == nil
}

// tokenClaims is the JWT body: the username as subject, plus the role.
type tokenClaims struct {
	Role string `json:"role"`
	jwt.RegisteredClaims
}

// issueToken signs a token for u.
func issueToken(u *user, now time.Time) (string, error) {
	claims := tokenClaims{Role: u.role, RegisteredClaims: jwt.RegisteredClaims{
		Subject:   u.username,
		IssuedAt:  jwt.NewNumericDate(now),
		ExpiresAt: jwt.NewNumericDate(now.Add(tokenLifetime)),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(signingKey)
}

// tokenSubject returns the username of a valid bearer token in header, or "" for anything else.
func tokenSubject(header string) string {
	raw, ok := strings.CutPrefix(header, "Bearer ")
	if !ok {
		return ""
	}
	var claims tokenClaims
	_, err := jwt.ParseWithClaims(strings.TrimSpace(raw), &claims,
		func(*jwt.Token) (any, error) { return signingKey, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithExpirationRequired())
	if err != nil {
		return ""
	}
	return claims.Subject
}

type callerKey struct{}

// withCaller records the signed-in user, or nil for anonymous, in ctx.
func withCaller(ctx context.Context, u *user) context.Context {
	return context.WithValue(ctx, callerKey{}, u)
}

// callerFrom returns the signed-in user, or nil.
func callerFrom(ctx context.Context) *user {
	u, _ := ctx.Value(callerKey{}).(*user)
	return u
}
