package introspect

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// maxAnswer bounds one introspection answer; GitHub's, among the largest public schemas, is
// about 12 MB.
const maxAnswer = 128 << 20

// Client asks one endpoint.
type Client struct {
	URL    string
	Header http.Header // sent with every request, e.g. Authorization
	HTTP   *http.Client
}

// Fetch probes the server's introspection features, runs the full query and returns the
// parsed schema. A server that refuses the probe (some do not describe the introspection types
// themselves) is asked the query every server answers, without the optional parts.
func (c *Client) Fetch(ctx context.Context) (*Schema, error) {
	f, perr := c.probe(ctx)
	data, err := c.post(ctx, Query(f))
	var s *Schema
	if err == nil {
		if s, err = Parse(data); err != nil {
			err = fmt.Errorf("%s: %w", c.URL, err)
		}
	}
	if err != nil && perr != nil {
		return nil, fmt.Errorf("%w (before that, the feature probe failed: %v)", err, perr)
	}
	return s, err
}

// probe returns the features the server supports; on failure, none, with the reason.
func (c *Client) probe(ctx context.Context) (Features, error) {
	data, err := c.post(ctx, ProbeQuery)
	if err != nil {
		return Features{}, err
	}
	f, err := ParseProbe(data)
	if err != nil {
		return Features{}, fmt.Errorf("%s: %w", c.URL, err)
	}
	return f, nil
}

// post sends one query and returns the answer's data, or the server's errors.
func (c *Client) post(ctx context.Context, query string) ([]byte, error) {
	body, _ := json.Marshal(map[string]string{"query": query})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", c.URL, err)
	}
	for k, vs := range c.Header {
		req.Header[k] = vs
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/graphql-response+json, application/json")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", c.URL, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		return nil, fmt.Errorf("%s: reading the answer: %v", c.URL, err)
	}
	if len(raw) > maxAnswer {
		return nil, fmt.Errorf("%s: the answer is larger than %d MiB", c.URL, maxAnswer>>20)
	}
	var r struct {
		Data   json.RawMessage `json:"data"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("%s: HTTP %s and not a GraphQL answer: %.200q", c.URL, resp.Status, raw)
	}
	if len(r.Errors) > 0 && (len(r.Data) == 0 || string(r.Data) == "null") {
		msgs := make([]string, len(r.Errors))
		for i, e := range r.Errors {
			msgs[i] = e.Message
		}
		return nil, fmt.Errorf("%s: HTTP %s: %s%s", c.URL, resp.Status, strings.Join(msgs, "; "), hint(resp.StatusCode))
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: HTTP %s%s", c.URL, resp.Status, hint(resp.StatusCode))
	}
	return r.Data, nil
}

func hint(status int) string {
	if status == http.StatusUnauthorized || status == http.StatusForbidden {
		return ` (pass credentials with -header 'Authorization: Bearer …')`
	}
	return ""
}
