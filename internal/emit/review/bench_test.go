package review

import (
	"testing"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/githubschema"
)

// BenchmarkFiles renders CATALOG.md for GitHub's 278 root fields, findings included (skipped
// without the schema in the cache).
func BenchmarkFiles(b *testing.B) {
	schema, allow, _ := githubschema.AllRoots(b)
	c, ds := compile.Compile(compile.Inputs{SchemaPath: "github.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow, LintAsWarnings: true})
	if c == nil {
		b.Fatal(ds)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FilesFrom(c, repoSources); err != nil {
			b.Fatal(err)
		}
	}
}
