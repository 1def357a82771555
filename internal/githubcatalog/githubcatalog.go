// Package githubcatalog compiles GitHub's public schema with every root field allow-listed
// (internal/githubschema) into catalog.json bytes, once per test binary, for the tests that run
// a real large catalog: search quality, the search-mode tool list, meta-tool calls. Only tests
// import it; without the fetched schema, callers skip.
package githubcatalog

import (
	"errors"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/githubschema"
)

var (
	once sync.Once
	data []byte
	err  error
)

// JSON returns catalog.json of GitHub's every-root-field catalog (278 tools in the schema this
// was written against), or skips the test when the schema is not fetched.
func JSON(tb testing.TB) []byte {
	tb.Helper()
	schema, allow, _ := githubschema.AllRoots(tb)
	once.Do(func() {
		c, ds := compile.Compile(compile.Inputs{
			SchemaPath: "github.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow,
			LintAsWarnings: true, // every root field: explore, as toolgen -lint warn
		})
		if c == nil {
			err = errors.New(ds.String())
			return
		}
		data, err = catalog.Marshal(c)
	})
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
