package exec

// header.go says how a token goes out. APIs differ: most take "Authorization: Bearer <token>",
// Shopify's Admin API "X-Shopify-Access-Token: <token>", AppSync and many gateways
// "x-api-key: <token>", Linear a bare "Authorization: <key>", GitHub also "Authorization: token
// <token>". A TokenHeader is written the way it reads on the wire, "Name: scheme", with an empty
// scheme for a bare token.

import (
	"fmt"
	"net/http"
	"net/textproto"
	"strings"
)

// TokenHeader is the header that carries a token and the scheme word before it ("" for none).
type TokenHeader struct{ Name, Scheme string }

// DefaultTokenHeader is "Authorization: Bearer", the OAuth 2.0 bearer form.
func DefaultTokenHeader() TokenHeader { return TokenHeader{Name: "Authorization", Scheme: "Bearer"} }

// reserved are the headers a token must not replace: they describe the request itself, and
// Post sets the first two.
var reserved = []string{"Content-Type", "Accept", "Content-Length", "Host", "Transfer-Encoding", "Connection"}

// ParseTokenHeader reads "Name: scheme" ("Authorization: Bearer", "X-Api-Key:"); "" is the
// default. The name must be a valid HTTP header name that does not describe the request itself,
// and the scheme one word, so the token is always the header's last part.
func ParseTokenHeader(s string) (TokenHeader, error) {
	if strings.TrimSpace(s) == "" {
		return DefaultTokenHeader(), nil
	}
	name, scheme, ok := strings.Cut(s, ":")
	if !ok {
		return TokenHeader{}, fmt.Errorf("%q has no colon; write the header as it reads on the wire, e.g. \"Authorization: Bearer\", or \"X-Api-Key:\" for a bare token", s)
	}
	name, scheme = strings.TrimSpace(name), strings.TrimSpace(scheme)
	if !validName(name) {
		return TokenHeader{}, fmt.Errorf("%q is not an HTTP header name (letters, digits and -!#$%%&'*+.^_`|~ only)", name)
	}
	canon := textproto.CanonicalMIMEHeaderKey(name)
	for _, r := range reserved {
		if canon == r {
			return TokenHeader{}, fmt.Errorf("the token cannot go in %s, which describes the request itself; name the header the API reads the token from", r)
		}
	}
	if strings.ContainsAny(scheme, " \t") || !validName(scheme) && scheme != "" {
		return TokenHeader{}, fmt.Errorf("the scheme %q must be one word (Bearer, token, Basic) or nothing", scheme)
	}
	return TokenHeader{Name: canon, Scheme: scheme}, nil
}

// String is the form ParseTokenHeader reads.
func (h TokenHeader) String() string { return strings.TrimSpace(h.Name + ": " + h.Scheme) }

// set puts token on req; a zero TokenHeader is the default.
func (h TokenHeader) set(req *http.Request, token string) {
	if h.Name == "" {
		h = DefaultTokenHeader()
	}
	value := token
	if h.Scheme != "" {
		value = h.Scheme + " " + token
	}
	req.Header.Set(h.Name, value)
}

// validName reports whether s is an RFC 9110 token: what a header name may be made of.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-!#$%&'*+.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}
