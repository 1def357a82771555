package gocode

// fixture_test.go loads a golden case: catalog.json (the file the compiler writes) plus ir.json,
// the parts of the IR that catalog.json leaves out (Catalog.Types and Tool.Variables), with
// types written in GraphQL syntax so that cases stay readable.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

// irFile is ir.json.
type irFile struct {
	Types     []irType           `json:"types"`
	Variables map[string][]irVar `json:"variables"`
}

type irType struct {
	Name        string           `json:"name"`
	Kind        catalog.TypeKind `json:"kind"`
	Description string           `json:"description"`
	OneOf       bool             `json:"oneOf"`
	Values      []string         `json:"values"`
	Fields      []irVar          `json:"fields"`
}

// irVar is a variable or input field; Type is a GraphQL type reference such as [ID!]!.
type irVar struct {
	Name        string          `json:"name"`
	Type        string          `json:"type"`
	Description string          `json:"description"`
	Default     json.RawMessage `json:"default"`
}

// loadCase reads testdata/<name>/catalog.json and ir.json into one catalog.
func loadCase(t *testing.T, dir string) *catalog.Catalog {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var ir irFile
	data, err = os.ReadFile(filepath.Join(dir, "ir.json"))
	if err == nil {
		err = json.Unmarshal(data, &ir)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ir.Types {
		ty := catalog.Type{Name: it.Name, Kind: it.Kind, Description: it.Description, OneOf: it.OneOf, Values: it.Values}
		for _, f := range it.Fields {
			ty.Fields = append(ty.Fields, catalog.Field{Name: f.Name, Type: parseRef(t, f.Type), Description: f.Description, Default: f.Default})
		}
		c.Types = append(c.Types, ty)
	}
	for i, tool := range c.Tools {
		for _, v := range ir.Variables[tool.Name] {
			c.Tools[i].Variables = append(c.Tools[i].Variables, catalog.Variable{Name: v.Name, Type: parseRef(t, v.Type), Description: v.Description, Default: v.Default})
		}
	}
	return c
}

// parseRef reads a GraphQL type reference: Name, [T], and a trailing ! on either.
func parseRef(t *testing.T, s string) catalog.TypeRef {
	t.Helper()
	var ref catalog.TypeRef
	if rest, ok := strings.CutSuffix(s, "!"); ok {
		ref.NonNull = true
		s = rest
	}
	if inner, ok := strings.CutPrefix(s, "["); ok {
		inner, ok = strings.CutSuffix(inner, "]")
		if !ok {
			t.Fatalf("bad type reference %q", s)
		}
		elem := parseRef(t, inner)
		ref.Elem = &elem
		return ref
	}
	ref.Named = s
	return ref
}
