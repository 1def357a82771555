package introspect

import (
	"strings"
	"testing"
)

// oldServer's schema uses every optional part graphql-js 15 has: a deprecated argument and input
// field, a repeatable directive, @specifiedBy and a schema description.
const oldServer = `"""An old API."""
schema { query: Query }
directive @tag(name: String!) repeatable on FIELD_DEFINITION
scalar DateTime @specifiedBy(url: "https://scalars.graphql.org/andimarek/date-time")
type Query {
  "a field"
  a(old: String @deprecated(reason: "use b"), b: String): DateTime
  c(i: In): Int
}
input In { x: Int @deprecated(reason: "gone") y: Int }
`

func fetchSDL(t *testing.T, f *fakeServer) string {
	t.Helper()
	s, err := (&Client{URL: f.start()}).Fetch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := SDL(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(sdl)
}

// graphql-js 15 names the field with a scalar's @specifiedBy URL specifiedByUrl; the URL is kept.
func TestFetchGraphQLJS15SpecifiedBy(t *testing.T) {
	sdl := fetchSDL(t, &fakeServer{t: t, sdl: oldServer, has: graphqlJS15})
	for _, w := range []string{`scalar DateTime @specifiedBy(url: "https://scalars.graphql.org/andimarek/date-time")`,
		`old: String @deprecated(reason: "use b")`, `x: Int @deprecated(reason: "gone")`, "repeatable on", "An old API."} {
		if !strings.Contains(sdl, w) {
			t.Errorf("SDL lacks %q:\n%s", w, sdl)
		}
	}
}
