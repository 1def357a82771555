package compile

import (
	"os"
	"slices"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile/usefultest"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/opbuild"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2/ast"
)

// selectionStats are what issue 7 measures on a catalog's generated documents.
type selectionStats struct {
	valid, useful, onlyClientMutationID int
	tokens                              []int // S per document, sorted
	notUseful                           []string
}

// measureSelections parses every generated document again, judges it with the useful check and
// counts S: the document's o200k tokens minus those of the document without its root selection.
func measureSelections(t *testing.T, in Inputs, c *catalog.Catalog) selectionStats {
	t.Helper()
	schema, ds := gqlschema.Load(&ast.Source{Name: in.SchemaPath, Input: string(in.Schema)})
	if schema == nil {
		t.Fatal(ds)
	}
	var st selectionStats
	ops := opbuild.New(schema)
	for _, tool := range c.Tools {
		doc, vds := selection.Parse(schema, tool.Name+".graphql", tool.Operation)
		if len(vds) > 0 {
			t.Errorf("%s: %s", tool.Name, vds)
			continue
		}
		st.valid++
		op := doc.Operations[0]
		if err := usefultest.Check(schema, op); err != nil {
			st.notUseful = append(st.notUseful, tool.Name+": "+err.Error())
		} else {
			st.useful++
		}
		root := op.SelectionSet[0].(*ast.Field)
		if len(root.SelectionSet) == 1 && root.SelectionSet[0].(*ast.Field).Name == "clientMutationId" {
			st.onlyClientMutationID++
		}
		st.tokens = append(st.tokens, selectionTokens(t, doc, root))
		checkFitCount(t, ops, string(tool.Kind), root.Definition, st.tokens[len(st.tokens)-1])
	}
	slices.Sort(st.tokens)
	return st
}

// selectionTokens is S by docs/selection.md's definition. It also checks that it equals the count of
// the selection alone, the shortcut opbuild's fit phase takes.
func selectionTokens(t *testing.T, doc *ast.QueryDocument, root *ast.Field) int {
	t.Helper()
	text := opdoc.Compact(doc)
	full, err := tokencount.Count(text)
	if err != nil {
		t.Fatal(err)
	}
	set := root.SelectionSet
	root.SelectionSet = nil
	bareText := opdoc.Compact(doc)
	root.SelectionSet = set
	bare, _ := tokencount.Count(bareText)
	alone, _ := tokencount.Count(text[len(bareText)-2 : len(text)-2]) // the text between "root(...)" and " }"
	if alone != full-bare {
		t.Errorf("%s: selection alone counts %d tokens, document minus bare document %d", root.Name, alone, full-bare)
	}
	return full - bare
}

// checkFitCount checks that S as the fit phase counted it (word by word, when it counted) is S.
func checkFitCount(t *testing.T, ops *opbuild.Builder, kind string, f *ast.FieldDefinition, s int) {
	t.Helper()
	r, err := ops.Build(kind, f, opbuild.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.SelectionTokens >= 0 && r.SelectionTokens != s {
		t.Errorf("%s: the fit phase counted %d tokens, S is %d", f.Name, r.SelectionTokens, s)
	}
}

// TestGitHubSelections is issue 7's acceptance on GitHub's schema with every root field
// allow-listed: every document valid and useful, almost no payload reduced to clientMutationId,
// and selections small (median ≤ 110, max ≤ 420 o200k tokens).
func TestGitHubSelections(t *testing.T) {
	in, n := githubInputs(t)
	c, ds := Compile(in)
	if c == nil {
		t.Fatalf("GitHub schema failed:\n%s", ds)
	}
	st := measureSelections(t, in, c)
	median, maxS := st.tokens[len(st.tokens)/2], st.tokens[len(st.tokens)-1]
	t.Logf("%d/%d valid, %d/%d useful, %d select only clientMutationId, S median %d max %d o200k tokens, %d over-budget warnings",
		st.valid, n, st.useful, n, st.onlyClientMutationID, median, maxS, len(ds))
	if st.valid != n || st.useful != n {
		t.Errorf("want %d valid and useful documents; not useful:\n%s", n, st.notUseful)
	}
	// 11: regenerateVerifiableDomainToken's only result is a credential, never selected by default.
	if st.onlyClientMutationID > 11 {
		t.Errorf("%d mutations select only clientMutationId, want at most 11", st.onlyClientMutationID)
	}
	if median > 110 || maxS > 420 {
		t.Errorf("selection size median %d max %d, want ≤ 110 and ≤ 420", median, maxS)
	}
	if os.Getenv("TOOLGEN_DUMP") != "" {
		dumpOperations(t, c)
	}
}

// dumpOperations writes every operation and its notes to $TOOLGEN_DUMP, for reading them.
func dumpOperations(t *testing.T, c *catalog.Catalog) {
	var out []byte
	for _, tool := range c.Tools {
		out = append(out, tool.Operation+"\n"...)
		for _, n := range tool.Notes {
			out = append(out, "  # "+n+"\n"...)
		}
	}
	if err := os.WriteFile(os.Getenv("TOOLGEN_DUMP"), out, 0o644); err != nil {
		t.Fatal(err)
	}
}
