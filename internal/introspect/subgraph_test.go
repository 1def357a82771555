package introspect

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// subgraphIntrospection is what a federation subgraph's introspection holds: the library's
// _entities and _service, and no directive on the fields (cost is @inaccessible in its SDL).
const subgraphIntrospection = `scalar _Any
union _Entity = Product
type _Service { sdl: String }
type Query {
  product(id: ID!): Product
  _entities(representations: [_Any!]!): [_Entity]!
  _service: _Service!
}
type Product { id: ID! cost: Int }
`

// subgraphOwn is the same subgraph's own SDL, as _service { sdl } answers it.
const subgraphOwn = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.5", import: ["@key", "@inaccessible"])
type Query { product(id: ID!): Product }
type Product @key(fields: "id") { id: ID! cost: Int @inaccessible }`

// A subgraph is asked for its own SDL, which is printed instead (it keeps @inaccessible), with
// a warning saying so; when it refuses, the introspection is printed with a warning saying what
// introspection dropped and that the supergraph should be used.
func TestFetchSubgraph(t *testing.T) {
	f := &fakeServer{t: t, sdl: subgraphIntrospection, has: AllFeatures(), service: subgraphOwn}
	s, err := (&Client{URL: f.start()}).Fetch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(subgraphOwn+"\n", s.ServiceSDL); diff != "" {
		t.Errorf("ServiceSDL (-want +got):\n%s", diff)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "the subgraph's own SDL") || !strings.Contains(s.Warnings[0], "supergraph SDL") {
		t.Errorf("want one warning saying the subgraph's SDL is printed and why; got %q", s.Warnings)
	}

	f = &fakeServer{t: t, sdl: subgraphIntrospection, has: AllFeatures()}
	sdl, warnings := fetchWarn(t, f)
	if !strings.Contains(sdl, "_entities") {
		t.Errorf("want the introspection printed:\n%s", sdl)
	}
	if len(warnings) != 2 || !strings.Contains(warnings[0], `Cannot query field "_service"`) ||
		!strings.Contains(warnings[1], "introspection drops the subgraph's directives") || !strings.Contains(warnings[1], "supergraph SDL") {
		t.Errorf("want why the subgraph's SDL is missing, then what is lost; got %q", warnings)
	}
}

// A saved introspection of a subgraph warns the same; a schema that merely has a field named
// _service of another type is not a subgraph.
func TestSubgraphSavedAndLookalike(t *testing.T) {
	s, err := Parse(answer(t, subgraphIntrospection))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := SDL(s); err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "introspection drops") {
		t.Errorf("warnings %q, want what the subgraph's introspection lost", s.Warnings)
	}
	s, err = Parse(answer(t, "type Query { _service: String }"))
	if err != nil {
		t.Fatal(err)
	}
	if s.IsSubgraph() {
		t.Error("a _service: String field made a subgraph")
	}
}

// The subgraph's SDL is printed as sent, so one that does not parse or holds a control
// character is refused (and the introspection printed).
func TestFetchSubgraphBadSDL(t *testing.T) {
	for name, sdl := range map[string]string{"unparsable": "type Query {", "escape": "type Query { a: Int }\n\x1b[2J"} {
		s, err := (&Client{URL: (&fakeServer{t: t, sdl: subgraphIntrospection, has: AllFeatures(), service: sdl}).start()}).Fetch(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if s.ServiceSDL != "" || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "failed") {
			t.Errorf("%s: ServiceSDL %q, warnings %q; want it refused, saying why", name, s.ServiceSDL, s.Warnings)
		}
	}
}
