package generate

import (
	"testing"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/tokencount"
)

func githubInputs(tb testing.TB) (compile.Inputs, int) {
	schema, allow, n := githubschema.AllRoots(tb)
	return compile.Inputs{SchemaPath: "github.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow, LintAsWarnings: true}, n // every root field: explore, as toolgen -lint warn
}

// TestGitHubGenerates renders every artifact for GitHub's 278 root fields: the emitters (Go
// types for every input object reached, the review page) hold at the scale of a real API.
func TestGitHubGenerates(t *testing.T) {
	in, n := githubInputs(t)
	files, ds := FilesWith(in, Options{})
	if files == nil {
		t.Fatalf("GitHub did not generate:\n%s", ds)
	}
	checkFiles(t, files)
	if want := 2*n + 5; len(files) != want { // a schema and an operation per tool, and five shared files
		t.Errorf("%d files for %d tools, want %d", len(files), n, want)
	}
	t.Logf("%d tools, %d files, tools.go %d KiB, catalog.json %d KiB", n, len(files), len(files["tools.go"])>>10, len(files["catalog.json"])>>10)
}

// BenchmarkGenerate is the whole core on GitHub: compile plus every emitter, no disk. counted
// counts every text (the tokenizer loaded once, outside the measurement); cached finds every
// count in the cache, as a cold run of toolgen does after any earlier run.
func BenchmarkGenerate(b *testing.B) {
	in, _ := githubInputs(b)
	FilesWith(in, Options{})
	b.Run("counted", func(b *testing.B) {
		for b.Loop() {
			if files, ds := FilesWith(in, Options{}); files == nil {
				b.Fatal(ds)
			}
		}
	})
	in.Tokens = tokencount.NewMemoryCache()
	FilesWith(in, Options{})
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			if files, ds := FilesWith(in, Options{}); files == nil {
				b.Fatal(ds)
			}
		}
	})
}
