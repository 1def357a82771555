package toolsearch_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/githubcatalog"
	"github.com/toolgen/toolgen/toolsearch"
)

// task is one request of testdata/tasks.txt and the tools that would do it.
type task struct {
	line    int
	catalog string
	request string
	want    []string
}

func readTasks(t *testing.T) []task {
	t.Helper()
	f, err := os.Open("testdata/tasks.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []task
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cat, rest, ok1 := strings.Cut(line, "|")
		req, want, ok2 := strings.Cut(rest, "=>")
		if !ok1 || !ok2 || len(strings.Fields(want)) == 0 {
			t.Fatalf("testdata/tasks.txt:%d: want catalog | request => tool [tool ...]", n)
		}
		out = append(out, task{n, strings.TrimSpace(cat), strings.TrimSpace(req), strings.Fields(want)})
	}
	return out
}

// Docs is the index's view of a catalog's tools, as mcpserve and the agent give it.
func docs(c *catalog.Catalog) []toolsearch.Doc {
	out := make([]toolsearch.Doc, len(c.Tools))
	for i, t := range c.Tools {
		out[i] = toolsearch.Doc{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema}
		if t.Keywords != nil {
			out[i].Args, out[i].Returns = t.Keywords.Args, t.Keywords.Returns
		}
	}
	return out
}

// recall is the share of tasks with one of their tools among the first k results.
type recall struct{ tasks, at1, at5 int }

func (r recall) String() string {
	return fmt.Sprintf("%d tasks: recall@1 %.2f, recall@5 %.2f", r.tasks, float64(r.at1)/float64(r.tasks), float64(r.at5)/float64(r.tasks))
}

// TestRecall measures the ranking on the task set: recall@k is the share of requests for which
// a tool a careful person would pick is among the first k results. GitHub's must reach 0.9 at
// 5 (issue 25); the numbers go to docs/discovery.md.
func TestRecall(t *testing.T) {
	cats := map[string]*catalog.Catalog{}
	ex, err := catalog.Parse(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	cats["example"] = ex
	gh, err := catalog.Parse(githubcatalog.JSON(t))
	if err != nil {
		t.Fatal(err)
	}
	cats["github"] = gh
	results := map[string]*recall{}
	for name, c := range cats {
		results[name] = &recall{}
		_ = c
	}
	indexes := map[string]*toolsearch.Index{}
	for name, c := range cats {
		indexes[name] = toolsearch.New(docs(c))
	}
	for _, tk := range readTasks(t) {
		c := cats[tk.catalog]
		if c == nil {
			t.Fatalf("testdata/tasks.txt:%d: unknown catalog %q", tk.line, tk.catalog)
		}
		for _, w := range tk.want {
			if c.Tool(w) == nil {
				t.Fatalf("testdata/tasks.txt:%d: %s has no tool %q", tk.line, tk.catalog, w)
			}
		}
		hits := indexes[tk.catalog].Search(tk.request, 5)
		var got []string
		for _, h := range hits {
			got = append(got, c.Tools[h.Doc].Name)
		}
		r := results[tk.catalog]
		r.tasks++
		rank := slices.IndexFunc(got, func(n string) bool { return slices.Contains(tk.want, n) })
		if rank == 0 {
			r.at1++
		}
		if rank >= 0 {
			r.at5++
		} else {
			t.Logf("miss %s: %q want %v, got %v", tk.catalog, tk.request, tk.want, got)
		}
	}
	for _, name := range []string{"github", "example"} {
		t.Logf("%s: %s", name, results[name])
	}
	if r := results["github"]; float64(r.at5) < 0.9*float64(r.tasks) {
		t.Errorf("GitHub recall@5 under 0.9: %s", r)
	}
}
