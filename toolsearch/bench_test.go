package toolsearch_test

import (
	"fmt"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/githubcatalog"
	"github.com/toolgen/toolgen/toolsearch"
)

// thousand is GitHub's every-root-field catalog repeated under new names to 1,000 tools: real
// names, descriptions and keywords at the size issue 25 asks about.
func thousand(b *testing.B) []toolsearch.Doc {
	c, err := catalog.Parse(githubcatalog.JSON(b))
	if err != nil {
		b.Fatal(err)
	}
	base := docs(c)
	out := make([]toolsearch.Doc, 1000)
	for i := range out {
		out[i] = base[i%len(base)]
		out[i].Name += fmt.Sprint(i / len(base))
	}
	return out
}

// BenchmarkSearch1000 is one query over 1,000 tools (the budget: under 1 ms).
func BenchmarkSearch1000(b *testing.B) {
	ix := toolsearch.New(thousand(b))
	queries := []string{"close the pull request without merging it", "add the bug label to issue 7", "who am I logged in as", "create a repository from the template repository"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ix.Search(queries[i%len(queries)], 5)
	}
}

// BenchmarkIndex1000 is building the index of 1,000 tools, once per role at start.
func BenchmarkIndex1000(b *testing.B) {
	docs := thousand(b)
	b.ResetTimer()
	for b.Loop() {
		toolsearch.New(docs)
	}
}
