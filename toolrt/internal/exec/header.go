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

// Headers are what every request carries besides its body: the token's header, and fixed
// headers the deployment sets (x-hasura-role, an API version), which are never secrets.
type Headers struct {
	Token TokenHeader
	Fixed http.Header
}

// set puts the fixed headers and token on req.
func (h Headers) set(req *http.Request, token string) {
	for name, values := range h.Fixed {
		req.Header[name] = values
	}
	if token != "" {
		h.Token.set(req, token)
	}
}

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
	canon, err := headerName(name)
	if err != nil {
		return TokenHeader{}, fmt.Errorf("%w; name the header the API reads the token from", err)
	}
	if strings.ContainsAny(scheme, " \t") || !validName(scheme) && scheme != "" {
		return TokenHeader{}, fmt.Errorf("the scheme %q must be one word (Bearer, token, Basic) or nothing", scheme)
	}
	return TokenHeader{Name: canon, Scheme: scheme}, nil
}

// String is the form ParseTokenHeader reads.
func (h TokenHeader) String() string { return strings.TrimSpace(h.Name + ": " + h.Scheme) }

// nameOrDefault is the header a token goes out in.
func (h TokenHeader) nameOrDefault() string {
	if h.Name == "" {
		return DefaultTokenHeader().String()
	}
	return h.String()
}

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

// headerName checks a header name and returns its canonical form.
func headerName(name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("%q is not an HTTP header name (letters, digits and -!#$%%&'*+.^_`|~ only)", name)
	}
	canon := textproto.CanonicalMIMEHeaderKey(name)
	for _, r := range reserved {
		if canon == r {
			return "", fmt.Errorf("%s describes the request itself and is set by the runtime", r)
		}
	}
	return canon, nil
}

// secretWords in a fixed header's name say it carries a credential, which belongs in the
// token (from the environment, in cmd/agent), not in settings that others read.
var secretWords = []string{"auth", "token", "secret", "key", "password", "cookie", "session", "signature"}

// SecretHeaderError is ParseHeader's refusal of a name that reads as a credential, so that a
// caller can say where its secrets come from instead.
type SecretHeaderError struct{ msg string }

func (e *SecretHeaderError) Error() string { return e.msg }

// ParseHeader reads one fixed header, "Name: value". Its name must not be the token's header,
// describe the request, or read as a credential; its value must be printable.
func ParseHeader(s string, token TokenHeader) (name, value string, err error) {
	name, value, ok := strings.Cut(s, ":")
	if !ok {
		return "", "", fmt.Errorf("%q has no colon; write it as it reads on the wire, e.g. \"x-hasura-role: user\"", s)
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	canon, err := headerName(name)
	if err != nil {
		return "", "", err
	}
	lower := strings.ToLower(canon)
	for _, w := range secretWords {
		if strings.Contains(lower, w) {
			return "", "", &SecretHeaderError{fmt.Sprintf("%s reads as a credential, and a fixed header is written where others read it; send the secret as the token instead, with %q as the token's header", canon, canon+":")}
		}
	}
	if canon == token.Name {
		return "", "", fmt.Errorf("%s carries the token (-token-header); it cannot also be fixed", canon)
	}
	for _, r := range value {
		if r < ' ' && r != '\t' || r == 0x7f {
			return "", "", fmt.Errorf("the value of %s has a control character", canon)
		}
	}
	return canon, value, nil
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
