package introspect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxAnswer bounds one introspection answer; GitHub's, among the largest public schemas, is
// about 12 MB.
const maxAnswer = 128 << 20

// gqlAnswer is a GraphQL answer with data, and the messages of the errors beside it, if any.
type gqlAnswer struct {
	data   json.RawMessage
	errors []string
}

// refusal is an answer with errors and no data: the server refused the query (validation,
// introspection turned off). Fetch asks another query after some refusals; any other error
// ends it.
type refusal struct {
	url    string
	status int
	msgs   []string
	hint   string
}

func (r *refusal) Error() string {
	if r.disabled() {
		return fmt.Sprintf("%s: introspection is disabled on this server (it said: %s); introspect a server of the API where it is on (a development or staging one), or use a saved introspection result (toolgen introspect schema.json) or the API's SDL file (toolgen -schema schema.graphql) instead",
			r.url, printable(r.msgs[0], 300)) // the rest repeat it for each field of the query
	}
	return fmt.Sprintf("%s: HTTP %d %s: %s%s", r.url, r.status, http.StatusText(r.status), r.summary(), r.hint)
}

func (r *refusal) summary() string { return summary(r.msgs) }

// disabled reports whether the server says introspection is off, in the words graphql-js's
// NoSchemaIntrospectionCustomRule, Apollo Server and others use.
func (r *refusal) disabled() bool {
	return slices.ContainsFunc(r.msgs, func(m string) bool {
		m = strings.ToLower(m)
		return strings.Contains(m, "introspection") && (strings.Contains(m, "disabled") || strings.Contains(m, "not allowed") ||
			strings.Contains(m, "not permitted") || strings.Contains(m, "not enabled"))
	})
}

// aboutDepth reports whether the server refused the query for its depth.
func (r *refusal) aboutDepth() bool {
	return slices.ContainsFunc(r.msgs, func(m string) bool { return strings.Contains(strings.ToLower(m), "depth") })
}

// summary is a server's error messages, each once and the first two in full: graphql-js
// repeats one per field of the query (4.7 KB for a server with introspection off).
func summary(msgs []string) string {
	var distinct []string
	for _, m := range msgs {
		if m = printable(m, 300); !slices.Contains(distinct, m) {
			distinct = append(distinct, m)
		}
	}
	const shown = 2
	if len(distinct) <= shown {
		return strings.Join(distinct, "; ")
	}
	return fmt.Sprintf("%s; and %d more like them", strings.Join(distinct[:shown], "; "), len(distinct)-shown)
}

// printable is s for a terminal, at most n bytes: runs of white space are one space, and
// control characters (an answer is untrusted: escape sequences) are U+FFFD.
func printable(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) && r != ' ' {
			return utf8.RuneError
		}
		return r
	}, s)
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// start is the beginning of an answer's body, to show what came instead of a GraphQL answer.
func start(b []byte) string {
	if len(bytes.TrimSpace(b)) == 0 {
		return "an empty body"
	}
	return "`" + printable(string(b[:min(len(b), 400)]), 200) + "`"
}

// post sends one query and returns the answer's data, or why there is none.
func (c *Client) post(ctx context.Context, query string) (gqlAnswer, error) {
	body, _ := json.Marshal(map[string]string{"query": query})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
	if err != nil {
		return gqlAnswer{}, fmt.Errorf("%s: %w", c.name(), unwrapURL(err))
	}
	for k, vs := range c.Header {
		req.Header[k] = vs
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/graphql-response+json, application/json")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{CheckRedirect: NoRedirect}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return gqlAnswer{}, fmt.Errorf("%s: %w", c.name(), unwrapURL(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 == 3 {
		return gqlAnswer{}, c.redirect(req, resp)
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		return gqlAnswer{}, fmt.Errorf("%s: reading the answer: %w", c.name(), unwrapURL(err))
	}
	if len(raw) > maxAnswer {
		return gqlAnswer{}, fmt.Errorf("%s: the answer is larger than %d MiB", c.name(), maxAnswer>>20)
	}
	return c.read(resp, c.redact(raw)) // whatever the answer shows, errors included, never shows what was sent
}

// read takes a GraphQL answer apart.
func (c *Client) read(resp *http.Response, raw []byte) (gqlAnswer, error) {
	var top map[string]json.RawMessage // to tell "data": null from no "data"
	var r struct {
		Data   json.RawMessage `json:"data"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if json.Unmarshal(raw, &top) != nil || json.Unmarshal(raw, &r) != nil {
		return gqlAnswer{}, fmt.Errorf("%s: HTTP %s and not a GraphQL answer: %s%s", c.name(), resp.Status, start(raw), c.hint(resp.StatusCode, raw))
	}
	msgs := make([]string, len(r.Errors))
	for i, e := range r.Errors {
		msgs[i] = e.Message
	}
	_, dataKey := top["data"]
	hasData := len(r.Data) > 0 && string(r.Data) != "null"
	switch {
	case len(msgs) > 0 && !hasData:
		return gqlAnswer{}, &refusal{url: c.name(), status: resp.StatusCode, msgs: msgs, hint: c.hint(resp.StatusCode, nil)}
	case resp.StatusCode != http.StatusOK:
		return gqlAnswer{}, fmt.Errorf("%s: HTTP %s: %s%s", c.name(), resp.Status, start(raw), c.hint(resp.StatusCode, raw))
	case dataKey && !hasData:
		return gqlAnswer{}, fmt.Errorf(`%s: the server answered "data": null without errors: neither a schema nor a reason`, c.name())
	case !hasData:
		return gqlAnswer{}, fmt.Errorf(`%s: HTTP %s, but not a GraphQL answer (it has neither "data" nor "errors"): %s; is this the API's GraphQL endpoint?`, c.name(), resp.Status, start(raw))
	}
	return gqlAnswer{data: r.Data, errors: msgs}, nil
}

// redirect says where a redirect goes; it is not followed, so that headers (credentials,
// usually) go only to the host the user named.
func (c *Client) redirect(req *http.Request, resp *http.Response) error {
	loc := resp.Header.Get("Location")
	if loc == "" {
		return fmt.Errorf("%s: HTTP %s, a redirect without a Location", c.name(), resp.Status)
	}
	to := printable(loc, 300)
	if u, err := req.URL.Parse(loc); err == nil {
		to = u.Redacted()
	}
	return fmt.Errorf("%s: HTTP %s to %s; toolgen does not follow redirects, so headers go only to the host named: if that is the API's GraphQL endpoint, introspect it instead",
		c.name(), resp.Status, to)
}

// hint says how to get past a 401 or 403: credentials to pass, or the ones sent to check; or,
// for a web page (body), what it usually means.
func (c *Client) hint(status int, body []byte) string {
	if status != http.StatusUnauthorized && status != http.StatusForbidden {
		if b := bytes.TrimSpace(body); len(b) > 0 && b[0] == '<' {
			return " (a web page: a login page in front of the API, or not its GraphQL endpoint?)"
		}
		return ""
	}
	var sent []string
	for k := range c.Header {
		sent = append(sent, k)
	}
	if u, err := url.Parse(c.URL); err == nil && u.User != nil {
		sent = append(sent, "the URL's user and password")
	}
	if len(sent) == 0 {
		return ` (pass credentials with -header 'Authorization: Bearer …')`
	}
	slices.Sort(sent)
	return fmt.Sprintf(" (the server refused the credentials sent in %s: check the token, its scopes and that it is for this server)", strings.Join(sent, ", "))
}

// unwrapURL drops net/http's `Post "URL":` prefix, which repeats the URL messages already
// start with.
func unwrapURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// NoRedirect is an http.Client's CheckRedirect that follows no redirect, so that headers stay
// with the host named; the 3xx answer is then reported with its Location.
func NoRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
