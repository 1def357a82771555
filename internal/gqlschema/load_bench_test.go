package gqlschema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/toolgen/toolgen/internal/githubschema"
)

// BenchmarkLoad loads GitHub's schema as one file and cut into 35 files after lines "}" (as a
// gqlgen layout would hold it): splitting must not cost, and one file must not get slower.
func BenchmarkLoad(b *testing.B) {
	raw, _, _ := githubschema.AllRoots(b) // the published file, its duplicate fields removed
	whole := string(raw)
	b.Run("one", func(b *testing.B) {
		for b.Loop() {
			if s, ds := Load(&ast.Source{Name: "schema.graphql", Input: whole}); s == nil {
				b.Fatal(ds)
			}
		}
	})
	var split []*ast.Source
	per := len(whole)/40 + 1
	for rest := whole; rest != ""; {
		i := strings.Index(rest[min(per, len(rest)-1):], "\n}\n")
		end := len(rest)
		if i >= 0 {
			end = min(per, len(rest)-1) + i + 3
		}
		split = append(split, &ast.Source{Name: fmt.Sprintf("%03d.graphqls", len(split)), Input: rest[:end]})
		rest = rest[end:]
	}
	b.Run(fmt.Sprintf("%d-files", len(split)), func(b *testing.B) {
		for b.Loop() {
			if s, ds := Load(split...); s == nil {
				b.Fatal(ds)
			}
		}
	})
}
