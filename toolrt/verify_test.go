package toolrt

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// TestTamperedCatalogsAreRefused: the review's three edits, resealed so their digests hold,
// are refused by Load and, for a catalog that skipped loading, by New, naming the
// tool and the reason.
func TestTamperedCatalogsAreRefused(t *testing.T) {
	t.Parallel()
	for _, tm := range toolrttest.Tampers() {
		path := tm.WriteFile(t, generatedCatalogJSON)
		_, err := Load(nil, FromFile(path))
		if err == nil || !strings.Contains(err.Error(), `"`+tm.Tool+`"`) || !strings.Contains(err.Error(), tm.Reason) {
			t.Errorf("%s: Load: %v, want the tool %q and %q", tm.Name, err, tm.Tool, tm.Reason)
		}
		cat, err := catalog.Parse(tm.Apply(t, generatedCatalogJSON))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New(&Catalog{Catalog: cat}, Config{Endpoint: "http://127.0.0.1:1/graphql"}); err == nil || !strings.Contains(err.Error(), tm.Reason) {
			t.Errorf("%s: New: %v, want %q", tm.Name, err, tm.Reason)
		}
	}
}

func TestVerifyToolChecks(t *testing.T) {
	t.Parallel()
	base := func() catalog.Tool {
		return catalog.Tool{
			Name: "movie", Kind: catalog.Query, OperationName: "Tool_movie",
			Operation:   `query Tool_movie($id: ID!, $page: Int = 1, $n: Int) { movie(id: $id) { id } }`,
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{},"page":{},"n":{}},"required":["id"]}`),
		}
	}
	for _, c := range []struct {
		name string
		edit func(*catalog.Tool)
		want string // "" accepts
	}{
		{"as generated", func(*catalog.Tool) {}, ""},
		{"syntax error", func(t *catalog.Tool) { t.Operation = "query Tool_movie { movie(id: ) }" }, "operation does not parse: 1:"},
		{"no operation", func(t *catalog.Tool) { t.Operation = "fragment F on Movie { id }" }, "holds 0 operations"},
		{"anonymous", func(t *catalog.Tool) { t.Operation = "{ movie(id: 1) { id } }" }, `operationName is "Tool_movie" but the operation is named ""`},
		{"renamed", func(t *catalog.Tool) { t.OperationName = "Other" }, `operationName is "Other"`},
		{"subscription", func(t *catalog.Tool) { t.Operation = strings.Replace(t.Operation, "query", "subscription", 1) }, "operation is a subscription"},
		{"kind says mutation", func(t *catalog.Tool) { t.Kind = catalog.Mutation }, `kind is "mutation" but the operation is a query`},
		{"extra property", func(t *catalog.Tool) {
			t.InputSchema = json.RawMessage(`{"properties":{"id":{},"page":{},"n":{},"x":{}},"required":["id"]}`)
		}, "x only in inputSchema"},
		{"missing property", func(t *catalog.Tool) {
			t.InputSchema = json.RawMessage(`{"properties":{"id":{},"page":{}},"required":["id"]}`)
		}, "$n only in the operation"},
		{"required dropped", func(t *catalog.Tool) {
			t.InputSchema = json.RawMessage(`{"properties":{"id":{},"page":{},"n":{}}}`)
		}, "$id only in the operation"},
		{"defaulted made required", func(t *catalog.Tool) {
			t.InputSchema = json.RawMessage(`{"properties":{"id":{},"page":{},"n":{}},"required":["id","page"]}`)
		}, "page only in inputSchema"},
		{"variable twice", func(t *catalog.Tool) {
			t.Operation = `query Tool_movie($id: ID!, $id: ID!, $page: Int, $n: Int) { movie(id: $id) { id } }`
		}, "declares $id twice"},
		{"schema not an object", func(t *catalog.Tool) { t.InputSchema = json.RawMessage(`[]`) }, "inputSchema:"},
		{"single argument not the variable", func(t *catalog.Tool) { t.SingleObjectArgument = "input" }, `singleObjectArgument is "input"`},
	} {
		tool := base()
		c.edit(&tool)
		_, err := verifyTool(&tool)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// TestKindComesFromTheDocument: what the model and MCP hosts are told is a write is what the
// document is, for every tool of the generated catalog.
func TestKindComesFromTheDocument(t *testing.T) {
	t.Parallel()
	cat, err := Load(generatedCatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := New(cat, Config{Endpoint: "http://127.0.0.1:1/graphql"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rt.Tools() {
		doc := cat.Tool(d.Name).Operation
		if d.Mutation != strings.HasPrefix(doc, "mutation") {
			t.Errorf("%s: Mutation=%v for %q", d.Name, d.Mutation, doc)
		}
	}
}

func TestLoadChecksDigestAndPin(t *testing.T) {
	t.Parallel()
	data := generatedCatalogJSON
	sum := catalog.FileDigest(data)
	for _, pin := range []string{"", sum, strings.TrimPrefix(sum, "sha256:"), strings.ToUpper(strings.TrimPrefix(sum, "sha256:"))} {
		c, err := Load(data, Pin(pin))
		if err != nil || c.Provenance.Digest != sum || c.Provenance.Source != "embedded" || !c.Provenance.Embedded() {
			t.Errorf("pin %q: %v", pin, err)
		}
	}
	other := "sha256:" + strings.Repeat("0", 64)
	if _, err := Load(data, Pin(other)); err == nil || !strings.Contains(err.Error(), other+" is pinned") {
		t.Errorf("mismatching pin: %v", err)
	}
	if _, err := Load(data, Pin("abc")); err == nil || !strings.Contains(err.Error(), "64 hex digits") {
		t.Errorf("malformed pin: %v", err)
	}
	edited := []byte(strings.Replace(string(data), `"approval": "required"`, `"approval": "none"`, 1))
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, edited, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(nil, FromFile(path)); err == nil || !strings.Contains(err.Error(), path+": catalog: digest is") || !strings.Contains(err.Error(), "regenerate") {
		t.Errorf("hand edit: %v", err)
	}
}
