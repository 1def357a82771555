package toolgen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// libraryDirs are the packages another API's program imports: they must carry nothing of the
// example API and no state a caller could change under another caller.
var libraryDirs = []string{"catalog", "toolrt", "agent", "mcpserve"}

// exampleMarkers are strings that belong to the Movie Database example or to cmd/agent's
// configuration, not to a library.
var exampleMarkers = []string{"Movie Database", "LoginInput", "qwen", "AGENT_", "localhost:11434", "concierge"}

// TestLibraryIsAPIAgnostic: no string in library code names the example API, its login, its
// model or cmd/agent's environment, and no exported package variable other than a sentinel
// error exists (settings are options, not globals).
func TestLibraryIsAPIAgnostic(t *testing.T) {
	exported := 0
	for _, dir := range libraryDirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			n := checkLibraryFile(t, path)
			if !strings.Contains(filepath.ToSlash(path), "/internal/") { // not importable: not API
				exported += n
			}
			return nil
		})
	}
	t.Logf("%d exported package-level names in %s", exported, strings.Join(libraryDirs, ", "))
}

func checkLibraryFile(t *testing.T, path string) int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			for _, m := range exampleMarkers {
				if strings.Contains(s, m) {
					t.Errorf("%s: %q names the example (%q); move it to cmd/agent or the caller's configuration", fset.Position(lit.Pos()), clip(s), m)
				}
			}
		}
		return true
	})
	exported := 0
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok {
			if fd := decl.(*ast.FuncDecl); fd.Recv == nil && fd.Name.IsExported() {
				exported++
			}
			continue
		}
		for _, spec := range gd.Specs {
			switch s := spec.(type) {
			case *ast.ValueSpec:
				for i, name := range s.Names {
					if !name.IsExported() {
						continue
					}
					exported++
					if gd.Tok == token.VAR && !sentinelError(s, i) {
						t.Errorf("%s: exported variable %s is package state any caller can change; make it an option or a function", fset.Position(name.Pos()), name.Name)
					}
				}
			case *ast.TypeSpec:
				if s.Name.IsExported() {
					exported++
				}
			}
		}
	}
	return exported
}

// sentinelError reports whether the i-th value is errors.New(…), fmt.Errorf(…) or another
// package's ErrX: Go's convention for errors compared with errors.Is.
func sentinelError(s *ast.ValueSpec, i int) bool {
	if i >= len(s.Values) {
		return false
	}
	if sel, ok := s.Values[i].(*ast.SelectorExpr); ok { // a re-exported sentinel: pkg.ErrX
		return strings.HasPrefix(sel.Sel.Name, "Err")
	}
	call, ok := s.Values[i].(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf")
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
