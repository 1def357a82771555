package gocode

// fixture_test.go gives the tests their IR: each case is compiled from real inputs by
// compiletest (no hand-kept catalog), and internal/generate's golden test pins what this
// emitter renders from it.

import (
	"path"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile/compiletest"
)

// cases are the inputs the emitter is tested on: the repository's example (roles, overrides,
// enums, input objects), awkward names, recursive input objects, and a library-style API.
var cases = []string{
	compiletest.Example,
	compiletest.Case("awkward_schema"),
	compiletest.Case("recursive_input"),
	compiletest.Case("library"),
}

// loadCase compiles the inputs in dir (relative to the module root).
func loadCase(t *testing.T, dir string) *catalog.Catalog {
	t.Helper()
	return compiletest.Compile(t, dir)
}

// eachCase runs test on every case's catalog as a subtest named after its folder.
func eachCase(t *testing.T, test func(t *testing.T, dir string, c *catalog.Catalog)) {
	for _, dir := range cases {
		t.Run(path.Base(dir), func(t *testing.T) { test(t, dir, loadCase(t, dir)) })
	}
}
