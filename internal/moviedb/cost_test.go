package moviedb

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// aliasAttack is the review's query: n aliases of moviesAll, each at depth 15 through six
// nested cast lists (100 of them are 17.8 KB and answered 138 MB in 6 s).
func aliasAttack(n int) string {
	var b strings.Builder
	b.WriteString("query {")
	for i := range n {
		fmt.Fprintf(&b, " a%d: moviesAll {%s directors { name }%s }", i,
			strings.Repeat(" cast { movie {", 6), strings.Repeat(" } }", 6))
	}
	b.WriteString(" }")
	return b.String()
}

// TestAliasAttackIsRefusedBeforeExecution: refused with a GraphQL error naming the limit,
// within a second and a few MB, where it used to take 1.1 GB.
func TestAliasAttackIsRefusedBeforeExecution(t *testing.T) {
	url := startServer(t)
	for _, tt := range []struct {
		aliases int
		code    string
	}{{100, codeTooManyAliases}, {maxAliases, codeTooCostly}, {1, codeTooCostly}} {
		query := aliasAttack(tt.aliases)
		if tt.aliases == 100 && queryDepthOf(t, query) != 15 {
			t.Fatalf("the attack is %d deep, want 15", queryDepthOf(t, query))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		resp := gql(t, url, "", query, nil, nil)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if len(resp.Errors) != 1 || len(resp.Data) > 0 && string(resp.Data) != "null" || fmtAny(resp.Errors[0].Extensions["code"]) != tt.code {
			t.Fatalf("%d aliases: %+v, want one %s error and no data", tt.aliases, resp.Errors, tt.code)
		}
		alloc := (after.TotalAlloc - before.TotalAlloc) >> 20
		if took > time.Second || alloc > 64 {
			t.Errorf("%d aliases: refused in %v after allocating %d MiB", tt.aliases, took, alloc)
		}
		t.Logf("%d aliases (%d bytes): %s in %v, %d MiB allocated", tt.aliases, len(query), tt.code, took, alloc)
	}
}

// TestEveryCatalogToolIsAccepted: the cost and alias limits refuse nothing a generated tool
// sends, even with every size left to its largest value.
func TestEveryCatalogToolIsAccepted(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../generated/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Tools []struct{ Name, Operation, OperationName string }
	}
	if err := json.Unmarshal(data, &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat.Tools) == 0 {
		t.Fatal("no tools in generated/catalog.json")
	}
	heaviest, name := 0, ""
	for _, tool := range cat.Tools {
		if qe := precheck(tool.Operation, tool.OperationName, nil); qe != nil {
			t.Errorf("tool %s refused: %s %v", tool.Name, qe.Message, qe.Extensions)
		}
		doc, err := parser.ParseQuery(&ast.Source{Input: tool.Operation})
		if err != nil {
			t.Fatal(err)
		}
		if cost, _ := queryCost(doc, tool.OperationName, nil); cost > heaviest {
			heaviest, name = cost, tool.Name
		}
	}
	t.Logf("%d tools; the heaviest, %s, costs %d of %d", len(cat.Tools), name, heaviest, maxQueryCost)
}

// TestCostFollowsPageSizes: a page's size argument (literal, variable or default) bounds the
// list inside it; an unsized list counts unboundedList.
func TestCostFollowsPageSizes(t *testing.T) {
	t.Parallel()
	cheap := `query($s: Int) { movies(size: $s) { content { title cast { person { name } } } } }`
	if qe := precheck(cheap, "", map[string]any{"s": 10.0}); qe != nil {
		t.Errorf("size 10: %s", qe.Message)
	}
	costly := `query($s: Int) { movies(size: $s) { content { cast { movie { cast { movie { title } } } } } } }`
	if qe := precheck(costly, "", map[string]any{"s": 100.0}); qe == nil || qe.Extensions["code"] != codeTooCostly {
		t.Errorf("size 100 with two nested lists: %+v, want %s", qe, codeTooCostly)
	}
	if qe := precheck(costly, "", map[string]any{"s": 1.0}); qe != nil {
		t.Errorf("size 1 with two nested lists: %s", qe.Message)
	}
	// A fragment spread many times is costed once per spread, without walking it each time.
	frag := `{ moviesAll { ...F ...F ...F } } fragment F on Movie { cast { movie { cast { movie { title } } } } }`
	if qe := precheck(frag, "", nil); qe == nil || qe.Extensions["code"] != codeTooCostly {
		t.Errorf("fragments: %+v, want %s", qe, codeTooCostly)
	}
	if qe := precheck(probeDepth(2), "", nil); qe != nil {
		t.Errorf("two nested cast lists: %s", qe.Message)
	}
}

func queryDepthOf(t *testing.T, query string) int {
	t.Helper()
	doc, err := parser.ParseQuery(&ast.Source{Input: query})
	if err != nil {
		t.Fatal(err)
	}
	return queryDepth(doc)
}
