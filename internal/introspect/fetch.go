package introspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client asks one endpoint.
type Client struct {
	URL    string
	Header http.Header // sent with every request, e.g. Authorization
	HTTP   *http.Client
}

// Fetch learns which optional parts of introspection the server has, runs the full query and
// returns the parsed schema; its Warnings say what may be missing from it. The feature probe
// asks about the introspection types with __type; a server that refuses that (some gateways
// do) is asked about each optional part on its own, through __schema, so nothing it has is
// left out. A full query refused for a part the probe found is asked again without it. A federation
// subgraph is also asked for its own SDL (ServiceSDL).
func (c *Client) Fetch(ctx context.Context) (*Schema, error) {
	f, notes, err := c.features(ctx)
	if err != nil {
		return nil, err
	}
	s, err := c.schema(ctx, f)
	for r := (*refusal)(nil); errors.As(err, &r); { // each retry turns a part off, so this ends
		var lost []string
		if f, lost = without(f, r); len(lost) == 0 {
			break
		}
		notes = append(notes, refusedNote(r, lost))
		s, err = c.schema(ctx, f)
	}
	if err != nil {
		return nil, err
	}
	s.Warnings = append(notes, s.Warnings...)
	if s.IsSubgraph() {
		c.subgraphSDL(ctx, s)
	}
	return s, nil
}

// name is the URL as messages show it, without a password.
func (c *Client) name() string {
	if u, err := url.Parse(c.URL); err == nil {
		return u.Redacted()
	}
	return c.URL
}

// features runs the probe; when the server refuses it, features asks part by part. The probe
// gets half the time left, so a server that never answers is reported while time remains.
func (c *Client) features(ctx context.Context) (Features, []string, error) {
	pctx, cancel := ctx, context.CancelFunc(func() {})
	var budget time.Duration
	if end, ok := ctx.Deadline(); ok {
		budget = time.Until(end) / 2
		pctx, cancel = context.WithTimeout(ctx, budget)
	}
	defer cancel()
	a, err := c.post(pctx, ProbeQuery)
	if err == nil {
		var f Features
		if f, err = ParseProbe(a.data); err == nil {
			return f, nil, nil
		}
		err = &refusal{url: c.name(), status: http.StatusOK, msgs: []string{err.Error()}}
	}
	var r *refusal
	switch {
	case errors.As(err, &r):
		return c.partByPart(ctx, r)
	case ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded):
		return Features{}, nil, fmt.Errorf("%s: no answer to toolgen's first query, a small one, within %s (half the time allowed): is the server up, and this its GraphQL endpoint? For a slow server, raise -timeout",
			c.name(), budget.Round(time.Second))
	}
	return Features{}, nil, err
}

// schema runs the full query with the parts in f. A server that refuses it for its depth is
// asked the shallower query, which is complete when no type reference in the answer is cut.
func (c *Client) schema(ctx context.Context, f Features) (*Schema, error) {
	a, err := c.post(ctx, Query(f))
	var r *refusal
	shallow := errors.As(err, &r) && r.aboutDepth()
	if shallow {
		if a, err = c.post(ctx, query(f, shallowRefDepth)); errors.As(err, new(*refusal)) {
			return nil, fmt.Errorf("%s: the server refuses toolgen's introspection query for its depth (%s), the shallower one too: ask the server's owners to exempt introspection from the depth limit (graphql-depth-limit and GraphQL Armor do by default), or pass a saved introspection result",
				c.name(), r.summary())
		}
	}
	if err != nil {
		return nil, err
	}
	var d struct {
		Schema json.RawMessage `json:"__schema"`
	}
	if json.Unmarshal(a.data, &d) != nil || len(d.Schema) == 0 || string(d.Schema) == "null" {
		return nil, fmt.Errorf("%s: the answer's data has no __schema: %s", c.name(), start(a.data))
	}
	s, err := Parse(a.data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.name(), err)
	}
	if where := cutRef(s); where != "" && shallow {
		return nil, fmt.Errorf("%s: the server refused toolgen's introspection query for its depth (%s), and the shallower query cuts the type of %s short: ask the server's owners to exempt introspection from the depth limit (graphql-depth-limit and GraphQL Armor do by default), or pass a saved introspection result",
			c.name(), r.summary(), where)
	}
	var notes []string
	if len(a.errors) > 0 {
		notes = append(notes, "the server answered with the schema and errors, so parts of the schema may be missing: "+summary(a.errors))
	}
	s.Warnings = append(notes, s.Warnings...)
	return s, nil
}

// partByPart finds the server's optional parts by asking about each on its own through
// __schema, after the probe was refused. A part the server refuses is one the SDL cannot have,
// which the returned notes say.
func (c *Client) partByPart(ctx context.Context, probe *refusal) (Features, []string, error) {
	if _, err := c.post(ctx, partQuery(baseQuery)); err != nil {
		var r *refusal
		if errors.As(err, &r) && (r.disabled() || r.summary() == probe.summary()) {
			return Features{}, nil, err
		}
		return Features{}, nil, fmt.Errorf("%w (before that, the feature probe was refused: %s)", err, probe.summary())
	}
	if _, err := c.post(ctx, partQuery(allParts())); err == nil {
		return AllFeatures(), nil, nil
	} else if !errors.As(err, new(*refusal)) {
		return Features{}, nil, err
	}
	var f Features
	var missing []string
	for _, p := range parts {
		_, err := c.post(ctx, partQuery(p.query))
		if alt := p.alt; alt != nil && errors.As(err, new(*refusal)) {
			if _, aerr := c.post(ctx, partQuery(alt.query)); aerr == nil {
				p, err = *alt, nil
			}
		}
		var r *refusal
		switch {
		case err == nil:
			p.set(&f)
		case errors.As(err, &r):
			missing = append(missing, fmt.Sprintf("%s (%s)", p.lost, r.summary()))
		default:
			return Features{}, nil, err
		}
	}
	if len(missing) == 0 {
		return f, nil, nil
	}
	return f, []string{fmt.Sprintf("the server refused toolgen's feature probe (%s), so each optional part of introspection was asked on its own; it refused these, which the SDL therefore lacks: %s. If the API has them, add them to the SDL by hand",
		probe.summary(), strings.Join(missing, "; "))}, nil
}

// cutRef names the first field or argument whose type reference stops at a wrapper, or "".
func cutRef(s *Schema) string {
	cut := func(r *TypeRef) bool {
		if r == nil {
			return false // missing, not cut: SDL says so
		}
		for ; r != nil; r = r.OfType {
			if r.Kind != "LIST" && r.Kind != "NON_NULL" {
				return false
			}
		}
		return true
	}
	for _, t := range s.Types {
		for _, f := range t.Fields {
			if cut(f.Type) {
				return t.Name + "." + f.Name
			}
			for _, a := range f.Args {
				if cut(a.Type) {
					return t.Name + "." + f.Name + "(" + a.Name + ":)"
				}
			}
		}
		for _, v := range t.InputFields {
			if cut(v.Type) {
				return t.Name + "." + v.Name
			}
		}
	}
	return ""
}
