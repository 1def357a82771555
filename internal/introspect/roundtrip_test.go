package introspect_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/generate"
	"github.com/toolgen/toolgen/internal/introspect"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// The demo server, introspected over loopback, compiles to the same tools as schema.graphql:
// every generated file is identical, and catalog.json differs only in its provenance (the
// digest of the inputs, and so its own).
func TestDemoServerRoundTrip(t *testing.T) {
	ctx := t.Context()
	srv, err := moviedb.Start(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	s, err := (&introspect.Client{URL: srv.URL()}).Fetch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := introspect.SDL(s)
	if err != nil {
		t.Fatal(err)
	}
	in, ds := generate.Read("../..", "schema.graphql", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	in.Tokens = tokentest.Cache(t) // both schemas give the same texts; internal/generate tests the counting
	want, ds := generate.FilesWith(in, generate.Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	in.Schema = sdl
	got, ds := generate.FilesWith(in, generate.Options{})
	if ds.HasErrors() {
		t.Fatalf("the introspected schema does not compile:\n%s\n%s", ds, sdl)
	}
	if len(got) != len(want) {
		t.Errorf("%d files from the introspected schema, %d from schema.graphql", len(got), len(want))
	}
	for p, w := range want {
		if p == "catalog.json" {
			continue
		}
		if diff := cmp.Diff(withoutProvenance(w), withoutProvenance(got[p])); diff != "" {
			t.Errorf("%s differs (-schema.graphql +introspected):\n%s", p, diff)
		}
	}
	wc, gc := parseCatalog(t, want["catalog.json"]), parseCatalog(t, got["catalog.json"])
	if wc.Inputs == gc.Inputs {
		t.Errorf("the inputs digest did not change with the schema text; the comparison proves nothing")
	}
	wc.Inputs, wc.Digest, gc.Inputs, gc.Digest = "", "", "", ""
	if diff := cmp.Diff(wc, gc); diff != "" {
		t.Errorf("catalogs differ beyond provenance (-schema.graphql +introspected):\n%s", diff)
	}
}

// inputsDigest is the inputs' digest where a file quotes it (CATALOG.md's header): provenance,
// which differs because the schema's text does.
var inputsDigest = regexp.MustCompile("from inputs `sha256:[0-9a-f]{64}`")

func withoutProvenance(b []byte) string {
	return inputsDigest.ReplaceAllString(string(b), "from inputs `sha256:…`")
}

func parseCatalog(t *testing.T, b []byte) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A server that refuses introspection or wants credentials is reported with its own words and,
// for 401/403, how to pass them.
func TestFetchErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		status int
		body   string
		want   []string
	}{
		"disabled":     {200, `{"errors":[{"message":"GraphQL introspection is not allowed"}]}`, []string{"introspection is not allowed"}},
		"unauthorized": {401, `{"message":"Bad credentials"}`, []string{"401", "refused the credentials sent in Authorization"}},
		"html":         {502, `<html>bad gateway</html>`, []string{"502", "not a GraphQL answer"}},
		"no __Type":    {200, `{"data":{"type":null}}`, []string{"the answer's data has no __schema", `{"type":null}`}},
	} {
		t.Run(name, func(t *testing.T) {
			var gotAuth string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				gotAuth = r.Header.Get("Authorization")
				w.WriteHeader(tc.status)
				w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			c := &introspect.Client{URL: srv.URL, Header: http.Header{"Authorization": {"Bearer t0ken"}}}
			_, err := c.Fetch(context.Background())
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if gotAuth != "Bearer t0ken" {
				t.Errorf("the header was not sent: %q", gotAuth)
			}
		})
	}
}

// A server that refuses the feature probe is still introspected, with the query every server
// answers.
func TestProbeRefusedFallsBack(t *testing.T) {
	h, err := moviedb.NewHandler()
	if err != nil {
		t.Fatal(err)
	}
	probes := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), "ToolgenProbe") {
			probes++
			w.Write([]byte(`{"errors":[{"message":"introspection of introspection types is not allowed"}]}`))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	s, err := (&introspect.Client{URL: srv.URL + "/graphql"}).Fetch(t.Context())
	if err != nil || probes != 1 {
		t.Fatalf("fetch after a refused probe: %v (%d probes)", err, probes)
	}
	if sdl, err := introspect.SDL(s); err != nil || !strings.Contains(string(sdl), "type Query") {
		t.Errorf("SDL: %v", err)
	}
}
