package gocode

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile/compiletest"
)

// TestGolden renders each case and compares every file with the one internal/generate's
// golden test pins for it (want/, or generated/ for the example): those are the only copies.
func TestGolden(t *testing.T) {
	eachCase(t, func(t *testing.T, dir string, c *catalog.Catalog) {
		got, err := Render(c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got["tools.go"] == nil || got["catalog.go"] == nil || got["calls.go"] == nil {
			t.Fatalf("Files returned %d files, want tools.go, calls.go and catalog.go", len(got))
		}
		for name, src := range got {
			if diff := cmp.Diff(string(compiletest.Want(t, dir, name)), string(src)); diff != "" {
				t.Errorf("%s of %s differs from the pinned file (-want +got; run go test ./internal/generate -update or go generate ./...):\n%s", name, dir, diff)
			}
		}
	})
}

// TestHeader checks that go/ast recognises every file as generated: the header is line one.
func TestHeader(t *testing.T) {
	got, err := Render(loadCase(t, compiletest.Example), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range got {
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		if !ast.IsGenerated(f) || !bytes.HasPrefix(src, []byte("// "+header+"\n")) {
			t.Errorf("%s does not start with the generated-code header:\n%s", name, src)
		}
	}
}

// TestDeterministic renders each case twice and wants the same bytes.
func TestDeterministic(t *testing.T) {
	for _, dir := range cases {
		a, errA := Render(loadCase(t, dir), Options{})
		b, errB := Render(loadCase(t, dir), Options{})
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("%s: two renders differ (-first +second):\n%s", dir, diff)
		}
	}
}

// TestRejects checks that input that would give broken Go is an error, not a file.
func TestRejects(t *testing.T) {
	c := loadCase(t, compiletest.Example)
	c.Tools[0].Variables[0].Name = `id" bad`
	if _, err := Render(c, Options{}); err == nil {
		t.Error("a variable name that is not a GraphQL name was accepted")
	}
	c = loadCase(t, compiletest.Example)
	c.Types = append(c.Types, catalog.Type{Name: c.Types[0].Name, Kind: catalog.Enum})
	if _, err := Render(c, Options{}); err == nil {
		t.Error("a type listed twice was accepted")
	}
	c = loadCase(t, compiletest.Example)
	c.Types[0].Kind = "SCALAR"
	if _, err := Render(c, Options{}); err == nil {
		t.Error("a type of unknown kind was accepted")
	}
}

// TestSourceError checks that Go that does not compile is an error carrying the numbered source.
func TestSourceError(t *testing.T) {
	s := newSource(PackageName)
	s.head.Var().Id("x").Id("undefinedType")
	_, err := render("tools.go", s, true)
	var se *SourceError
	if !errors.As(err, &se) {
		t.Fatalf("render = %v, want a *SourceError", err)
	}
	if want := "    6\tvar x undefinedType\n"; !strings.Contains(err.Error(), want) {
		t.Errorf("error does not number the source line %q:\n%s", want, err)
	}
}

// BenchmarkFiles renders a catalog of GitHub's size: 300 tools, 600 input objects of 12 fields.
func BenchmarkFiles(b *testing.B) {
	c := bigCatalog(300, 600, 12)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(c, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// bigCatalog builds a synthetic catalog: each tool takes one input object, each input object
// holds scalars, an enum and the next object.
func bigCatalog(tools, inputs, fields int) *catalog.Catalog {
	c := &catalog.Catalog{Types: []catalog.Type{{Name: "State", Kind: catalog.Enum, Values: []string{"OPEN", "CLOSED"}}}}
	for i := range inputs {
		ty := catalog.Type{Name: fmt.Sprintf("Input%d", i), Kind: catalog.InputObject, Description: "An input object."}
		for j := range fields {
			ty.Fields = append(ty.Fields, catalog.Field{Name: fmt.Sprintf("field%d", j), Type: catalog.TypeRef{Named: "String"}, Description: "A field."})
		}
		ty.Fields = append(ty.Fields,
			catalog.Field{Name: "state", Type: catalog.TypeRef{Named: "State", NonNull: true}},
			catalog.Field{Name: "next", Type: catalog.TypeRef{Named: fmt.Sprintf("Input%d", (i+1)%inputs)}})
		c.Types = append(c.Types, ty)
	}
	for i := range tools {
		c.Tools = append(c.Tools, catalog.Tool{
			Name: fmt.Sprintf("tool%d", i), Kind: catalog.Query, Description: "A tool.", OperationName: fmt.Sprintf("Tool_tool%d", i),
			Operation: "query X { x }", Approval: catalog.ApprovalNone, Selection: "generated",
			Variables: []catalog.Variable{{Name: "input", Type: catalog.TypeRef{Named: fmt.Sprintf("Input%d", i%inputs), NonNull: true}}},
		})
	}
	return c
}
