package generate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
	"github.com/vektah/gqlparser/v2/ast"
)

// TestRealSchemaSplit cuts real public schemas into one file per few definitions, with the
// second half of type Query moved into an extend type Query in the last file, and generates
// from the folder: every file is byte for byte the one-file schema's, but for the inputs digest
// (which names the files) and the catalog's own digest.
func TestRealSchemaSplit(t *testing.T) {
	per := map[string]int{"vendure": 8, "github": 40} // definitions per file: 28 and 41 files
	names := []string{"vendure"}
	if !testing.Short() {
		names = append(names, "github")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			var schema, allow []byte
			if name == "github" {
				schema, allow, _ = githubschema.AllRoots(t)
			} else {
				schema, allow, _ = scaleschema.AllRoots(t, name)
			}
			one := compile.Inputs{SchemaPath: "schema.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow,
				LintAsWarnings: true, Tokens: tokentest.Cache(t)}
			want, ds := FilesWith(one, Options{Schema: "schema"})
			if want == nil {
				t.Fatal(ds)
			}
			dir := t.TempDir()
			n := writeSplit(t, filepath.Join(dir, "schema"), schema, per[name])
			if err := os.WriteFile(filepath.Join(dir, "allowlist.yaml"), allow, 0o644); err != nil {
				t.Fatal(err)
			}
			in, ds := Read(dir, "schema/*.graphqls", "allowlist.yaml", "tool-selections")
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			in.LintAsWarnings, in.Tokens = true, one.Tokens
			got, ds := FilesWith(in, Options{Schema: "schema"})
			if got == nil {
				t.Fatal(ds)
			}
			normalize(t, got, want)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%d files differ from one file (-one +split):\n%.4000s", n, diff)
			}
			t.Logf("%s: %d files, %d generated files identical", name, n, len(got))
		})
	}
}

// normalize replaces the split catalog's inputs digest and own digest with the one-file
// catalog's, after checking the inputs digest differs (it names the files).
func normalize(t *testing.T, got, want map[string][]byte) {
	t.Helper()
	g, w := digests(t, got), digests(t, want)
	if g[0] == w[0] {
		t.Errorf("the inputs digest of the split schema is the one file's, %s", g[0])
	}
	for p, b := range got {
		for i := range g {
			b = bytes.ReplaceAll(b, []byte(g[i]), []byte(w[i]))
		}
		got[p] = b
	}
}

func digests(t *testing.T, files map[string][]byte) [2]string {
	t.Helper()
	c, err := catalog.Parse(files["catalog.json"])
	if err != nil {
		t.Fatal(err)
	}
	return [2]string{c.Inputs, c.Digest}
}

// writeSplit writes schema into folder as files of about per top-level definitions each,
// named in their order, and returns how many. The root query type is cut in two: its second
// half goes into extend type Query in the last file, so its fields keep their order.
func writeSplit(t *testing.T, folder string, schema []byte, per int) int {
	t.Helper()
	head, ext := splitQuery(t, string(schema))
	var chunks []string
	rest := head
	for rest != "" {
		i := strings.Index(rest, "\n}\n")
		if i < 0 {
			chunks = append(chunks, rest)
			break
		}
		chunks = append(chunks, rest[:i+3])
		rest = rest[i+3:]
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := 0; i < len(chunks); i += per {
		text := strings.Join(chunks[i:min(i+per, len(chunks))], "")
		if err := os.WriteFile(filepath.Join(folder, fmt.Sprintf("%04d.graphqls", n)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if err := os.WriteFile(filepath.Join(folder, "zz-query.graphqls"), []byte(ext), 0o644); err != nil {
		t.Fatal(err)
	}
	return n + 1
}

// splitQuery moves the second half of the query type's fields out of the schema, returning the
// rest and an extend type Query that holds them. The cut is made before a field's description.
func splitQuery(t *testing.T, s string) (head, ext string) {
	t.Helper()
	schema, ds := gqlschema.Load(&ast.Source{Name: "schema.graphql", Input: s})
	if schema == nil {
		t.Fatal(ds)
	}
	q := schema.Query
	mid := q.Fields[len(q.Fields)/2]
	lines := strings.SplitAfter(s, "\n")
	at := mid.Position.Line - 1 // 0-based line of the field's name
	if at > 0 && strings.TrimSpace(lines[at-1]) == `"""` {
		at--
		for at > 0 && !strings.HasPrefix(strings.TrimSpace(lines[at-1]), `"""`) {
			at--
		}
		at--
	} else if at > 0 && strings.HasPrefix(strings.TrimSpace(lines[at-1]), `"`) {
		at--
	}
	end := at
	for end < len(lines) && lines[end] != "}\n" {
		end++
	}
	body := strings.Join(lines[at:end], "")
	ext = "extend type " + q.Name + " {\n" + body + "}\n"
	return strings.Join(lines[:at], "") + strings.Join(lines[end:], ""), ext
}
