package introspect

// subgraph.go recognises an Apollo Federation subgraph and asks it for its own SDL. Its
// introspection is the subgraph's whole schema without directives: what @inaccessible hides
// from the gateway's clients (fields, types, enum values) reads as public there, and
// @authenticated, @requiresScopes and @policy are gone. `{ _service { sdl } }`, the query the
// gateway composes from, keeps them.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// serviceQuery is what a gateway asks a subgraph for its SDL.
const serviceQuery = "query ToolgenSubgraphSDL { _service { sdl } }"

// serviceShown is serviceQuery as messages show it.
const serviceShown = "`{ _service { sdl } }`"

// IsSubgraph reports whether s is a federation subgraph's: its query root has
// `_service: _Service!` and _Service has sdl (a subgraph library adds both).
func (s *Schema) IsSubgraph() bool {
	if s.QueryType == nil {
		return false
	}
	t := s.typeNamed(s.QueryType.Name)
	if t == nil {
		return false
	}
	for _, f := range t.Fields {
		if f.Name == "_service" && f.Type != nil && f.Type.Kind == "NON_NULL" && f.Type.OfType != nil &&
			f.Type.OfType.Name != nil && *f.Type.OfType.Name == "_Service" {
			svc := s.typeNamed("_Service")
			return svc != nil && svc.field("sdl")
		}
	}
	return false
}

func (s *Schema) typeNamed(name string) *FullType {
	for i := range s.Types {
		if s.Types[i].Name == name {
			return &s.Types[i]
		}
	}
	return nil
}

func (t *FullType) field(name string) bool {
	for _, f := range t.Fields {
		if f.Name == name {
			return true
		}
	}
	return false
}

// subgraphSDL asks a subgraph for its own SDL and sets s.ServiceSDL, with a warning saying so
// and why; when that fails, the warning says why and SDL's warning says what is lost.
func (c *Client) subgraphSDL(ctx context.Context, s *Schema) {
	sdl, err := c.serviceSDL(ctx)
	if err != nil {
		s.Warnings = append(s.Warnings, fmt.Sprintf("this is an Apollo Federation subgraph (its Query has _service), and asking it for its own SDL (%s) failed: %v", serviceShown, err))
		return
	}
	s.ServiceSDL = sdl
	s.Warnings = append(s.Warnings, "this is an Apollo Federation subgraph (its Query has _service): printed is the subgraph's own SDL, from "+serviceShown+
		", since its introspection drops the directives that say what the gateway hides (@inaccessible) and who may call what (@authenticated, @requiresScopes, @policy). Agents should call the gateway, not a subgraph: for the gateway's API, give toolgen the supergraph SDL (rover supergraph compose, or the router's supergraph file)")
}

// serviceSDL runs serviceQuery and checks the answer is SDL: it is printed as the server wrote
// it (descriptions and # comments kept), so it must parse and hold no control characters.
func (c *Client) serviceSDL(ctx context.Context) (string, error) {
	a, err := c.post(ctx, serviceQuery)
	if err != nil {
		return "", err
	}
	var d struct {
		Service *struct {
			SDL *string `json:"sdl"`
		} `json:"_service"`
	}
	if json.Unmarshal(a.data, &d) != nil || d.Service == nil || d.Service.SDL == nil || strings.TrimSpace(*d.Service.SDL) == "" {
		return "", fmt.Errorf("the answer has no SDL: %s", start(a.data))
	}
	sdl := *d.Service.SDL
	if i := strings.IndexFunc(sdl, func(r rune) bool { return r < ' ' && r != '\t' && r != '\n' && r != '\r' || r == 0x7f }); i >= 0 {
		return "", fmt.Errorf("the SDL holds a control character (byte %d)", i)
	}
	if _, perr := parser.ParseSchema(&ast.Source{Name: "_service.sdl", Input: sdl}); perr != nil {
		return "", fmt.Errorf("the SDL does not parse: %v", perr)
	}
	if !strings.HasSuffix(sdl, "\n") {
		sdl += "\n"
	}
	return sdl, nil
}

// subgraphLoss is SDL's warning for a subgraph's introspection printed as it is.
const subgraphLoss = "this is an Apollo Federation subgraph's introspection (its Query has _service): introspection drops the subgraph's directives, so this SDL offers as public what the gateway hides (@inaccessible) and has no @authenticated, @requiresScopes or @policy, and its Query has the router's _entities and _service. Give toolgen the supergraph SDL instead (rover supergraph compose, or the router's supergraph file), or at least the subgraph's own SDL (its schema file, or the answer to " + serviceShown + ")"
