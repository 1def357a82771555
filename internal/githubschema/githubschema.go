// Package githubschema loads GitHub's public GraphQL schema for the scale tests and benchmarks.
// The schema is not committed (large and third-party): scripts/fetch-github-schema puts it in
// ~/.cache/toolgen/github/, or TOOLGEN_GITHUB_SCHEMA names a copy; without it, callers skip.
// Tests and scripts/bench-toolgen import this package.
package githubschema

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/parser"
)

// Path is where the schema is looked for.
func Path() string {
	if p := os.Getenv("TOOLGEN_GITHUB_SCHEMA"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "toolgen", "github", "schema.graphql")
}

// Raw returns the published file as it is, or skips the test.
func Raw(tb testing.TB) []byte {
	tb.Helper()
	if testing.Short() {
		tb.Skip("a scale test of a real schema; skipped under -short")
	}
	raw, err := os.ReadFile(Path())
	if err != nil {
		tb.Skipf("GitHub schema not present (%v); run scripts/fetch-github-schema", err)
	}
	return raw
}

// AllRoots returns the schema with its duplicate field definitions removed (the published file
// defines two fields twice, which toolgen rightly rejects), an allow-list naming every Query and
// Mutation field, and how many that is.
func AllRoots(tb testing.TB) (schema, allowlist []byte, n int) {
	tb.Helper()
	schema, allowlist, n, err := Prepare(Raw(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return schema, allowlist, n
}

// Prepare is AllRoots on bytes already read, for programs that are not tests.
func Prepare(raw []byte) (schema, allowlist []byte, n int, err error) {
	doc, perr := parser.ParseSchema(&ast.Source{Name: "github.graphql", Input: string(raw)})
	if perr != nil {
		return nil, nil, 0, perr
	}
	var allow strings.Builder
	allow.WriteString("tools:\n")
	for _, def := range append(doc.Definitions, doc.Extensions...) {
		def.Fields = DedupFields(def.Fields)
		if def.Name == "Query" || def.Name == "Mutation" {
			for _, f := range def.Fields {
				allow.WriteString("  " + f.Name + ": {}\n")
				n++
			}
		}
	}
	var buf bytes.Buffer
	formatter.NewFormatter(&buf).FormatSchemaDocument(doc)
	return buf.Bytes(), []byte(allow.String()), n, nil
}

// DedupFields keeps the first of fields that share a name: published schemas carry a few
// duplicate definitions that gqlparser rightly refuses, and a scale test measures the rest.
func DedupFields(fields ast.FieldList) ast.FieldList {
	seen := map[string]bool{}
	var out ast.FieldList
	for _, f := range fields {
		if !seen[f.Name] {
			seen[f.Name] = true
			out = append(out, f)
		}
	}
	return out
}
