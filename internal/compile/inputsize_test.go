package compile

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// chainSchema is a schema whose one query takes the first of n chained input types, each with
// a scalar and the next type: the review's schema shape (4,000 types in about 100 KB). It is
// generated here, never committed.
func chainSchema(n int, required bool) []byte {
	var b strings.Builder
	bang := ""
	if required {
		bang = "!"
	}
	fmt.Fprintf(&b, "type Query {\n  \"\"\"Finds things.\"\"\"\n  find(\"\"\"How to filter.\"\"\" filter: T0%s, \"\"\"At most this many.\"\"\" size: Int): String\n}\n", bang)
	for i := range n {
		fmt.Fprintf(&b, "input T%d {\n  note: String\n", i)
		if i+1 < n {
			fmt.Fprintf(&b, "  next: T%d\n", i+1)
		}
		b.WriteString("}\n")
	}
	return []byte(b.String())
}

// TestChainedInputTypesAreRefused: 4,000 chained input types gave a 193 MB catalog and a
// 28,035-token tool with no warning. Now generation fails, naming the tool, the argument,
// the chain and the override.
func TestChainedInputTypesAreRefused(t *testing.T) {
	schema := chainSchema(4000, false)
	start := time.Now()
	c, ds := Compile(Inputs{SchemaPath: "chain.graphql", Schema: schema, AllowlistPath: "allowlist.yaml",
		Allowlist: []byte("version: 1\ntools:\n  find: {}\n"), SelectionsDir: "api/selections", Tokens: tokentest.Cache(t)})
	t.Logf("%d KB schema: %d diagnostics in %v", len(schema)>>10, len(ds), time.Since(start))
	if c != nil || !ds.HasErrors() {
		t.Fatalf("a tool over %d bytes of input schema compiled: %v", MaxInputSchemaBytes, ds)
	}
	got := ds.String()
	for _, want := range []string{
		`allowlist.yaml:3:`, `tool "find": its input schema is`, `over the limit of 65536`,
		`argument $filter reaches 4000 input types through T0 → T1 → T2 → T3 → … 3994 more … → T3998 → T3999`,
		`write api/selections/find.graphql with query Tool_find declaring every variable but $filter`, // the folder in use
	} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics lack %q:\n%.2000s", want, got)
		}
	}
	// A short chain stays well under the limit and compiles.
	if c, ds := Compile(Inputs{SchemaPath: "chain.graphql", Schema: chainSchema(20, false), AllowlistPath: "allowlist.yaml",
		Allowlist: []byte("version: 1\ntools:\n  find: {}\n"), Tokens: tokentest.Cache(t)}); c == nil {
		t.Errorf("20 chained types refused: %v", ds)
	}
}

// TestRequiredHeavyArgumentSaysNoOverride: a required argument cannot be dropped, and the
// message says so instead of suggesting an override that would not validate.
func TestRequiredHeavyArgumentSaysNoOverride(t *testing.T) {
	_, ds := Compile(Inputs{SchemaPath: "chain.graphql", Schema: chainSchema(2000, true), AllowlistPath: "allowlist.yaml",
		Allowlist: []byte("version: 1\ntools:\n  find: {}\n"), Tokens: tokentest.Cache(t)})
	if got := ds.String(); !strings.Contains(got, "$filter is required, so no override can drop it") {
		t.Errorf("diagnostics:\n%.2000s", got)
	}
}

// TestLargeEnumIsNamed: an input schema made large by an enum names that argument and its
// enum. The weight counted input objects only, so the message blamed the argument with a
// chain of two input types, whose override would not have helped.
func TestLargeEnumIsNamed(t *testing.T) {
	var b strings.Builder
	b.WriteString("type Query {\n  \"Returns the things of one kind, with a filter, a page at a time, for a reader.\"\n  things(filter: F0, kind: Kind): [String!]!\n}\n")
	b.WriteString("input F0 { a: F1 b: String }\ninput F1 { z: String }\nenum Kind {")
	for i := range 8000 {
		fmt.Fprintf(&b, " V%05d", i)
	}
	b.WriteString(" }\n")
	_, ds := Compile(Inputs{SchemaPath: "schema.graphql", Schema: []byte(b.String()), AllowlistPath: "allowlist.yaml",
		Allowlist: []byte("tools:\n  things: {}\n"), Tokens: tokentest.Cache(t)})
	if got := ds.String(); !strings.Contains(got, "argument $kind takes the enum Kind, of 8000 values") {
		t.Errorf("diagnostics:\n%.2000s", got)
	}
}
