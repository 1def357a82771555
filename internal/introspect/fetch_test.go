package introspect

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
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
	sdl, warnings := fetchWarn(t, f)
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
	return sdl
}

func fetchWarn(t *testing.T, f *fakeServer) (string, []string) {
	t.Helper()
	s, err := (&Client{URL: f.start()}).Fetch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := SDL(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(sdl), s.Warnings
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

// A server that refuses every __type query (some gateways do) is asked about each optional part
// through __schema: nothing it has is lost, and what it lacks is named.
func TestFetchWithoutTypeQueries(t *testing.T) {
	want := fetchSDL(t, &fakeServer{t: t, sdl: everything, has: AllFeatures()})
	f := &fakeServer{t: t, sdl: everything, has: AllFeatures(), refuseType: true}
	if got := fetchSDL(t, f); got != want {
		t.Errorf("without __type queries the SDL differs (-probed +part by part):\n%s", cmp.Diff(want, got))
	}
	if n := len(f.asked()); n != 4 {
		t.Errorf("%d queries, want 4 (probe, base, all parts, full)", n)
	}

	// graphql-js 15 has every part but isOneOf, and spells specifiedByURL its own way.
	f = &fakeServer{t: t, sdl: oldServer, has: graphqlJS15, refuseType: true}
	sdl, warnings := fetchWarn(t, f)
	if !strings.Contains(sdl, "@specifiedBy(url:") || !strings.Contains(sdl, `@deprecated(reason: "use b")`) {
		t.Errorf("part by part lost what the server has:\n%s", sdl)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "@oneOf on input types (Cannot query field") ||
		!strings.Contains(warnings[0], "__type is not supported") || strings.Count(warnings[0], "(") != 2 {
		t.Errorf("want one warning naming exactly what is missing (@oneOf) and why; got %q", warnings)
	}
}

// A server whose probe reports isOneOf but that refuses it in the full query (@apollo/gateway
// 2.14's planner) is asked again without it: the SDL has everything else, and a warning says
// @oneOf is lost and why.
func TestFetchRefusedDespiteProbe(t *testing.T) {
	planner := AllFeatures()
	planner.OneOf = false
	want := fetchSDL(t, &fakeServer{t: t, sdl: everything, has: planner})
	f := &fakeServer{t: t, sdl: everything, has: AllFeatures(), planner: &planner}
	got, warnings := fetchWarn(t, f)
	if got != want {
		t.Errorf("the SDL differs from a server without isOneOf (-want +got):\n%s", cmp.Diff(want, got))
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "lacks @oneOf on input types") ||
		!strings.Contains(warnings[0], `Cannot query field "isOneOf" on type "__Type"`) {
		t.Errorf("want one warning saying @oneOf is lost and why; got %q", warnings)
	}
	if n := len(f.asked()); n != 3 {
		t.Errorf("%d queries, want 3 (probe, full, full without isOneOf)", n)
	}

	// Refused for includeDeprecated (three errors), the three parts go in one retry.
	planner = AllFeatures()
	planner.DeprecatedArgs, planner.DeprecatedInputFields, planner.DeprecatedDirArgs = false, false, false
	f = &fakeServer{t: t, sdl: everything, has: AllFeatures(), planner: &planner}
	got, warnings = fetchWarn(t, f)
	if len(warnings) != 1 || !strings.Contains(warnings[0], "deprecated arguments of fields, deprecated input fields, deprecated arguments of directives") {
		t.Errorf("want the three deprecated parts named once; got %q", warnings)
	}
	if strings.Contains(got, "@deprecated(reason: \"ignored\")") {
		t.Errorf("a deprecated argument survived:\n%s", got)
	}
	if n := len(f.asked()); n != 3 {
		t.Errorf("%d queries, want 3 (probe, full, full without includeDeprecated)", n)
	}
}

// A server that limits query depth (graphql-depth-limit at 10, as some set it) is asked the
// shallower query, which is enough unless a type reference nests deeper than it reads.
func TestFetchDepthLimited(t *testing.T) {
	want := fetchSDL(t, &fakeServer{t: t, sdl: everything, has: AllFeatures()})
	if got := fetchSDL(t, &fakeServer{t: t, sdl: everything, has: AllFeatures(), maxDepth: 10}); got != want {
		t.Errorf("depth-limited, the SDL differs (-unlimited +limited):\n%s", cmp.Diff(want, got))
	}
	for name, tc := range map[string]struct {
		sdl   string
		limit int
		want  string
	}{
		"cut":       {"type Query { matrix: [[Int!]!]! }", 10, "cuts the type of Query.matrix short"},
		"too tight": {"type Query { a: Int }", 8, "the shallower one too"},
	} {
		_, err := (&Client{URL: (&fakeServer{t: t, sdl: tc.sdl, has: AllFeatures(), maxDepth: tc.limit}).start()}).Fetch(t.Context())
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "exempt introspection from the depth limit") {
			t.Errorf("%s: %v; want %q and what to do", name, err, tc.want)
		}
	}
}

// Each way an endpoint can fail to answer is said in words, once, with what to do; nothing
// printed holds the URL's password.
func TestFetchAnswerErrors(t *testing.T) {
	disabled := `{"errors":[` // graphql-js's NoSchemaIntrospectionCustomRule: one error per field
	for i, f := range []string{"__type", "fields", "name", "args", "name", "__type", "fields"} {
		if i > 0 {
			disabled += ","
		}
		disabled += `{"message":"GraphQL introspection has been disabled, but the requested query contained the field \"` + f + `\"."}`
	}
	disabled += `]}`
	for name, tc := range map[string]struct {
		status   int
		body     string
		location string
		header   bool
		want     []string
		maxLen   int
	}{
		"not found as 200":   {200, `{"message":"Not Found"}`, "", false, []string{`neither "data" nor "errors"`, `{"message":"Not Found"}`, "GraphQL endpoint?"}, 0},
		"empty object":       {200, `{}`, "", false, []string{`neither "data" nor "errors"`, "`{}`"}, 0},
		"data null":          {200, `{"data":null}`, "", false, []string{`"data": null without errors`}, 0},
		"disabled":           {400, disabled, "", false, []string{"introspection is disabled on this server", `contained the field "__type"`, "saved introspection result", "SDL file"}, 400},
		"401 without header": {401, `{"errors":[{"message":"unauthorized"}]}`, "", false, []string{"401", "pass credentials with -header 'Authorization"}, 0},
		"401 with header":    {401, `{"errors":[{"message":"unauthorized"}]}`, "", true, []string{"401", "refused the credentials sent in Authorization", "check the token"}, 0},
		"same error twice":   {500, `{"errors":[{"message":"boom"}]}`, "", false, []string{"boom"}, 0},
		"redirect":           {308, ``, "https://bob:s3cret@api.example.com/graphql", false, []string{"308", "to https://bob:xxxxx@api.example.com/graphql", "does not follow redirects"}, 0},
		"relative redirect":  {302, ``, "/v2/graphql", false, []string{"302", "/v2/graphql"}, 0},
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tc.location != "" {
					w.Header().Set("Location", tc.location)
				}
				w.WriteHeader(tc.status)
				w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			c := &Client{URL: srv.URL}
			if name != "401 without header" {
				c.URL = strings.Replace(srv.URL, "http://", "http://alice:hunter2@", 1)
			}
			if tc.header {
				c.Header = http.Header{"Authorization": {"Bearer t0ken"}}
			}
			_, err := c.Fetch(t.Context())
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			if strings.Contains(msg, "hunter2") || strings.Contains(msg, "s3cret") || strings.Contains(msg, "t0ken") {
				t.Errorf("the error shows a secret:\n%s", msg)
			}
			if strings.Count(msg, ": HTTP ") > 1 || strings.Count(msg, tc.want[0]) != 1 && !strings.Contains(srv.URL, tc.want[0]) {
				t.Errorf("said more than once:\n%s", msg)
			}
			if tc.maxLen > 0 && len(msg) > tc.maxLen {
				t.Errorf("%d bytes of error, want at most %d:\n%s", len(msg), tc.maxLen, msg)
			}
		})
	}
}

// A server that never answers is reported while time remains, not after the whole timeout
// went to the probe.
func TestFetchNoAnswer(t *testing.T) {
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-stop }))
	defer srv.Close()
	defer close(stop)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	_, err := (&Client{URL: srv.URL}).Fetch(ctx)
	if err == nil || !strings.Contains(err.Error(), "no answer to toolgen's first query") || ctx.Err() != nil {
		t.Errorf("%v (time left: %v); want the probe's timeout reported before the deadline", err, ctx.Err() == nil)
	}
}

// An answer with the schema and errors is taken, with the errors as a warning.
func TestFetchDataWithErrors(t *testing.T) {
	body := strings.Replace(string(answer(t, "type Query { a: Int }")), `{"data"`, `{"errors":[{"message":"field x failed"}],"data"`, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if strings.Contains(string(b), "ToolgenProbe") {
			json.NewEncoder(w).Encode(map[string]any{"data": probeAnswer(AllFeatures())})
			return
		}
		w.Write([]byte(body))
	}))
	defer srv.Close()
	s, err := (&Client{URL: srv.URL}).Fetch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "field x failed") {
		t.Errorf("warnings %q, want the server's error", s.Warnings)
	}
}
