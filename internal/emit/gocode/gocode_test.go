package gocode

import (
	"bytes"
	"errors"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolgen/toolgen/catalog"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// cases lists the golden case directories under testdata.
func cases(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "*", "catalog.json"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for i, d := range dirs {
		dirs[i] = filepath.Dir(d)
	}
	return dirs
}

// TestGolden renders each case and compares every file with <name>.golden beside its input.
func TestGolden(t *testing.T) {
	for _, dir := range cases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			got, err := Files(loadCase(t, dir))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2 || got["tools.go"] == nil || got["catalog.go"] == nil {
				t.Fatalf("Files returned %d files, want tools.go and catalog.go", len(got))
			}
			for name, src := range got {
				golden := filepath.Join(dir, name+".golden")
				if *update {
					if err := os.WriteFile(golden, src, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(string(want), string(src)); diff != "" {
					t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
				}
			}
		})
	}
}

// TestHeader checks that go/ast recognises every file as generated: the header is line one.
func TestHeader(t *testing.T) {
	got, err := Files(loadCase(t, filepath.Join("testdata", "moviedb")))
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
	for _, dir := range cases(t) {
		a, errA := Files(loadCase(t, dir))
		b, errB := Files(loadCase(t, dir))
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
	c := loadCase(t, filepath.Join("testdata", "moviedb"))
	c.Tools[0].Variables[0].Name = `id" bad`
	if _, err := Files(c); err == nil {
		t.Error("a variable name that is not a GraphQL name was accepted")
	}
	c = loadCase(t, filepath.Join("testdata", "moviedb"))
	c.Types = append(c.Types, catalog.Type{Name: "Genre", Kind: catalog.Enum})
	if _, err := Files(c); err == nil {
		t.Error("a type listed twice was accepted")
	}
	c = loadCase(t, filepath.Join("testdata", "moviedb"))
	c.Types[0].Kind = "SCALAR"
	if _, err := Files(c); err == nil {
		t.Error("a type of unknown kind was accepted")
	}
}

// TestSourceError checks that a type error carries the numbered source.
func TestSourceError(t *testing.T) {
	err := typeCheck([]byte("// " + header + "\n\npackage generated\n\nvar x undefinedType\n"))
	var se *SourceError
	if !errors.As(err, &se) {
		t.Fatalf("typeCheck = %v, want a *SourceError", err)
	}
	if want := "    5\tvar x undefinedType\n"; !bytes.Contains([]byte(err.Error()), []byte(want)) {
		t.Errorf("error does not number the source line %q:\n%s", want, err)
	}
}
