// Package scaleschema loads the public schemas of the scale tests besides GitHub's (see
// internal/githubschema): each is fetched from an npm package by scripts/fetch-scale-schemas into
// ~/.cache/toolgen/<name>/schema.graphql and never committed; without it, callers skip. Only
// tests import this package.
package scaleschema

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/parser"
)

// Names are the schemas besides GitHub's, each of a different style: Shopify's Storefront API
// (Relay commerce), Vendure's Shop API (items/totalItems pages, ErrorResult unions), Sui's RPC
// (async-graphql, Relay, many custom scalars) and a Hasura v2 API (*_bool_exp filters).
func Names() []string { return []string{"shopify", "vendure", "sui", "hasura"} }

// Large are the schemas of issue 24's measures besides Names: large APIs nobody here wrote the
// rule for. Shopify's Admin API (800 root fields, fields declared alphabetically, interface
// results), EverShop (an e-commerce platform whose schema is split over modules), Unchained
// Engine (products are an interface, ids are _id) and accounts-js (an auth server: 2FA secrets).
// Then four first compiled after the rule was written, each of a shape the others lack: Codex
// (crypto market data: offset pages, money as decimal Strings, tokens that are assets), Solana's
// RPC (no ids: keys are addresses and signatures), Shopify's Partner API (a PageInfo without
// endCursor) and monday.com (snake_case, plain lists paged by limit and page, a field on both
// root types).
func Large() []string {
	return []string{"shopify-admin", "evershop", "unchained", "accounts", "codex", "solana", "shopify-partner", "monday"}
}

// Dir is the cache folder of the scale schemas (TOOLGEN_CACHE overrides it).
func Dir() string {
	if d := os.Getenv("TOOLGEN_CACHE"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "toolgen")
}

// Path is where the named schema is looked for.
func Path(name string) string { return filepath.Join(Dir(), name, "schema.graphql") }

// AllRoots returns the named schema, re-printed with duplicate field definitions removed, and an
// allow-list naming every Query and Mutation field with a description (toolgen rightly refuses
// an undescribed tool, and a scale test measures selections, not descriptions), and how many
// tools that is. It skips the test when the schema is absent.
func AllRoots(tb testing.TB, name string) (schema, allowlist []byte, n int) {
	tb.Helper()
	if testing.Short() {
		tb.Skip("a scale test of a real schema; skipped under -short")
	}
	raw, err := os.ReadFile(Path(name))
	if err != nil {
		tb.Skipf("%s schema not present (%v); run scripts/fetch-scale-schemas", name, err)
	}
	doc, perr := parser.ParseSchema(&ast.Source{Name: name + ".graphql", Input: string(raw)})
	if perr != nil {
		tb.Fatal(perr)
	}
	var allow strings.Builder
	allow.WriteString("tools:\n")
	listed := map[string]bool{}
	for _, def := range append(doc.Definitions, doc.Extensions...) {
		def.Fields = githubschema.DedupFields(def.Fields)
		if def.Name == rootName(doc, "query", "Query") || def.Name == rootName(doc, "mutation", "Mutation") {
			for _, f := range def.Fields {
				// an entry names one root field: a mutation named as a query (monday's
				// complexity) is the query's tool
				if refused[name+"."+f.Name] || listed[f.Name] {
					continue
				}
				listed[f.Name] = true
				allow.WriteString("  " + f.Name + ":")
				if strings.TrimSpace(f.Description) == "" {
					allow.WriteString(" { description: \"The " + f.Name + " field.\" }")
				} else {
					allow.WriteString(" {}")
				}
				allow.WriteString("\n")
				n++
			}
		}
	}
	var buf bytes.Buffer
	formatter.NewFormatter(&buf).FormatSchemaDocument(doc)
	return buf.Bytes(), []byte(allow.String()), n
}

// refused are root fields toolgen rightly refuses to make a default tool of: accounts-js's
// twoFactorSecret returns nothing but credentials (a TOTP seed in every encoding), and monday's
// add_file_to_* require a file upload, which an agent cannot send.
var refused = map[string]bool{"accounts.twoFactorSecret": true, "monday.add_file_to_column": true, "monday.add_file_to_update": true}

// rootName is the type a schema definition names for an operation, else the default name.
func rootName(doc *ast.SchemaDocument, op ast.Operation, def string) string {
	for _, s := range append(doc.Schema, doc.SchemaExtension...) {
		for _, o := range s.OperationTypes {
			if o.Operation == op {
				return o.Type
			}
		}
	}
	return def
}
