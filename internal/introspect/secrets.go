package introspect

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"strings"
)

// redacted stands for a credential the server echoed.
const redacted = "[redacted]"

// secrets are the credentials this client sends, in every encoding it sends them or a server
// may echo them: each -header value and its words ("Bearer X" holds X), the URL's password and
// user:password, each raw, percent-encoded and in base64 (standard and URL alphabets, padded
// or not: basic auth sends user:password so). Shorter than 4 bytes is not a credential worth a
// hole in every message.
func (c *Client) secrets() []string {
	var plain []string
	for _, vs := range c.Header {
		for _, v := range vs {
			plain = append(plain, v)
			plain = append(plain, strings.Fields(v)...)
		}
	}
	if u, err := url.Parse(c.URL); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok {
			plain = append(plain, p, u.User.Username()+":"+p)
		}
	}
	var out []string
	for _, s := range plain {
		if len(s) < 4 {
			continue
		}
		out = append(out, s, url.QueryEscape(s), url.PathEscape(s))
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			out = append(out, enc.EncodeToString([]byte(s)))
		}
	}
	return out
}

// redact replaces every credential this client sent in b, longest first, so that no part of
// one survives beside a shorter one.
func (c *Client) redact(b []byte) []byte {
	ss := c.secrets()
	if len(ss) == 0 {
		return b
	}
	// Longest first: user:password before password, the padded base64 before the raw one.
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			if len(ss[j]) > len(ss[i]) {
				ss[i], ss[j] = ss[j], ss[i]
			}
		}
	}
	for _, s := range ss {
		b = bytes.ReplaceAll(b, []byte(s), []byte(redacted))
	}
	return b
}
