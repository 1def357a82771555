package compile

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// githubInputs compiles GitHub's public schema with every root field allow-listed.
func githubInputs(tb testing.TB) (Inputs, int) {
	schema, allow, n := githubschema.AllRoots(tb)
	return Inputs{SchemaPath: "github.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow, LintAsWarnings: true}, n // every root field: explore, as toolgen -lint warn
}

func TestGitHubDuplicatesReported(t *testing.T) {
	raw := githubschema.Raw(t)
	c, ds := Compile(Inputs{SchemaPath: "schema.graphql", Schema: raw, AllowlistPath: "allowlist.yaml", Allowlist: []byte("tools:\n  viewer: {}\n")})
	if c != nil || len(ds) != 2 {
		t.Fatalf("want exactly the two duplicate fields reported, got:\n%s", ds)
	}
	for _, d := range ds {
		if d.Line == 0 || !strings.Contains(d.Message, "is defined twice (first at ") {
			t.Errorf("diagnostic without both positions: %s", d)
		}
	}
}

func TestGitHubCompiles(t *testing.T) {
	in, n := githubInputs(t)
	c, ds := Compile(in)
	if c == nil {
		t.Fatalf("GitHub schema with %d tools failed:\n%s", n, ds)
	}
	if len(c.Tools) != n {
		t.Errorf("got %d tools, want %d", len(c.Tools), n)
	}
	checkSchemas(t, c)
	t.Logf("%d tools compiled; every document was validated by gqlparser", len(c.Tools))
	writeOracleInput(t, in.Schema, c)
}

// writeOracleInput leaves the schema and every document in $TOOLGEN_ORACLE_DIR, when it is set,
// for scripts/graphql-js-oracle: a second, independent validator (graphql-js, the reference
// implementation) must accept what gqlparser accepted.
func writeOracleInput(t *testing.T, schema []byte, c *catalog.Catalog) {
	dir := os.Getenv("TOOLGEN_ORACLE_DIR")
	if dir == "" {
		return
	}
	docs := map[string]string{}
	for _, tool := range c.Tools {
		docs[tool.Name] = tool.Operation
	}
	b, err := json.Marshal(docs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "schema.graphql"), schema, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "documents.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCompile measures Compile on GitHub against the floor, gqlparser alone loading and
// validating the same schema. Each iteration runs the floor and both cases back to back, so
// the ratios (x-floor) compare runs made under the same machine load: "counted" makes every
// token count (a first run: an empty count cache, the tokenizer already loaded), "cached"
// takes them from the count cache, as any later run does. scripts/bench-toolgen measures the
// whole process.
func BenchmarkCompile(b *testing.B) {
	b.Run("moviedb", func(b *testing.B) {
		in := exampleInputs(b)
		in.Tokens = nil // every iteration counts, in a fresh memory cache
		Compile(in)     // load the tokenizer once, outside the measurement
		for b.Loop() {
			if c, ds := Compile(in); c == nil {
				b.Fatal(ds)
			}
		}
	})
	b.Run("github", func(b *testing.B) {
		in, _ := githubInputs(b)
		cached := tokencount.NewMemoryCache()
		in.Tokens = cached
		Compile(in) // the tokenizer loaded, the cache filled
		var floor, counted, warm time.Duration
		timed := func(d *time.Duration, f func()) {
			start := time.Now()
			f()
			*d += time.Since(start)
		}
		for b.Loop() {
			timed(&floor, func() {
				if _, err := gqlparser.LoadSchema(&ast.Source{Name: "github.graphql", Input: string(in.Schema)}); err != nil {
					b.Fatal(err)
				}
			})
			for _, c := range []struct {
				d      *time.Duration
				tokens *tokencount.Cache
			}{{&counted, tokencount.NewMemoryCache()}, {&warm, cached}} {
				in.Tokens = c.tokens
				timed(c.d, func() {
					if cat, ds := Compile(in); cat == nil {
						b.Fatal(ds)
					}
				})
			}
		}
		b.ReportMetric(float64(floor.Milliseconds())/float64(b.N), "floor-ms")
		b.ReportMetric(float64(counted)/float64(floor), "counted-x-floor")
		b.ReportMetric(float64(warm)/float64(floor), "cached-x-floor")
	})
}

// checkSchemas compiles every tool's input schema as draft 2020-12, which also validates it
// against the metaschema.
func checkSchemas(t *testing.T, c *catalog.Catalog) {
	t.Helper()
	for _, tool := range c.Tools {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tool.InputSchema))
		if err != nil {
			t.Errorf("%s: %v", tool.Name, err)
			continue
		}
		jc := jsonschema.NewCompiler()
		jc.DefaultDraft(jsonschema.Draft2020)
		url := "mem://" + tool.Name + ".json"
		if err := jc.AddResource(url, doc); err != nil {
			t.Errorf("%s: %v", tool.Name, err)
			continue
		}
		if _, err := jc.Compile(url); err != nil {
			t.Errorf("%s: input schema is not valid 2020-12: %v", tool.Name, err)
		}
	}
}
