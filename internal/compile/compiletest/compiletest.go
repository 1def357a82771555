// Package compiletest gives the emitters' tests their IR by compiling real inputs: the golden
// cases of internal/generate/testdata (whose want/ folders pin every emitter's output) and the
// repository's own example. No test keeps a hand-written catalog, so a field added to the IR
// is filled by the compiler, rendered by its emitter and pinned in want/, nowhere else.
// Only tests import it.
package compiletest

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// Example is the repository's own Movie Database example (schema.graphql, allowlist.yaml and
// tool-selections/ at the module root), the case with roles, overrides and findings.
const Example = "."

// Case is the directory of a golden case of internal/generate, relative to the module root.
func Case(name string) string { return path.Join("internal/generate/testdata", name) }

// Compile compiles the inputs in dir (relative to the module root: Example or Case(name)) as
// toolgen does and fails the test on any error diagnostic.
func Compile(t testing.TB, dir string) *catalog.Catalog {
	t.Helper()
	in := Inputs(t, dir)
	c, ds := compile.Compile(in)
	if c == nil {
		t.Fatalf("%s does not compile:\n%s", dir, ds)
	}
	return c
}

// Inputs reads schema.graphql, allowlist.yaml and tool-selections/*.graphql from dir (relative
// to the module root), with the paths toolgen shows for them.
func Inputs(t testing.TB, dir string) compile.Inputs {
	t.Helper()
	root := filepath.Join(moduleRoot(t), filepath.FromSlash(dir))
	in := compile.Inputs{SchemaPath: "schema.graphql", AllowlistPath: "allowlist.yaml", Selections: map[string][]byte{},
		Tokens: tokentest.Cache(t)} // internal/generate's golden test counts these texts with the tokenizer
	in.Schema = read(t, filepath.Join(root, in.SchemaPath))
	in.Allowlist = read(t, filepath.Join(root, in.AllowlistPath))
	names, err := filepath.Glob(filepath.Join(root, "tool-selections", "*.graphql"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		in.Selections["tool-selections/"+filepath.Base(name)] = read(t, name)
	}
	return in
}

// Want returns the file that internal/generate's golden test pins for dir (Example's is
// generated/<file>, a case's want/<file>); file is slash-separated, e.g. "tools.go".
func Want(t testing.TB, dir, file string) []byte {
	t.Helper()
	out := "want"
	if dir == Example {
		out = "generated"
	}
	return read(t, filepath.Join(moduleRoot(t), filepath.FromSlash(dir), out, filepath.FromSlash(file)))
}

func read(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// moduleRoot walks up from the test's directory to go.mod: tests run in their package folder.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.HasPrefix(string(b), "module github.com/toolgen/toolgen\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod of github.com/toolgen/toolgen above the test's directory")
		}
		dir = parent
	}
}
