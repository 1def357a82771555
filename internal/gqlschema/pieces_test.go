package gqlschema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/toolgen/toolgen/internal/githubschema"
)

// samePieces fails when parsing src in the pieces between cuts gives another document, or
// another error, than parsing it whole. Positions must match too: only the blanked copy each
// piece reads (Source.Input) may differ.
// sameSource compares two sources but for Input. A Comparer is checked by type where
// IgnoreFields is a path filter run at every node: the comparison takes a third of the time.
var sameSource = cmp.Comparer(func(a, b ast.Source) bool { return a.Name == b.Name && a.BuiltIn == b.BuiltIn })

func samePieces(t testing.TB, src *ast.Source, cuts []int) {
	t.Helper()
	want, wantErr := parser.ParseSchema(src)
	got, gotErr := parsePieces(src, cuts)
	if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
		t.Fatalf("cuts %v: error %v, whole file: %v", cuts, gotErr, wantErr)
	}
	if diff := cmp.Diff(want, got, sameSource); diff != "" {
		t.Fatalf("cuts %v: pieces differ from the whole file (-whole +pieces):\n%s", cuts, diff)
	}
}

func TestPiecesParseAsTheWhole(t *testing.T) {
	paths, _ := filepath.Glob("../generate/testdata/*/schema.graphql")
	if len(paths) == 0 {
		t.Fatal("no golden schemas under ../generate/testdata: the test would check only the example")
	}
	paths = append(paths, "../../schema.graphql")
	if !testing.Short() {
		paths = append(paths, githubschema.Path())
	}
	cut := 0
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if os.IsNotExist(err) && p == githubschema.Path() {
			t.Logf("skipping %s: run scripts/fetch-github-schema", p)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		src := &ast.Source{Name: p, Input: string(b)}
		most := 4
		if testing.Short() {
			most = 2 // one cut per schema: the three-way cuts of the same files prove little more
		}
		for n := 2; n <= most; n++ {
			c := cuts(src.Input, n, len(b)/8)
			cut += len(c)
			samePieces(t, src, c)
		}
	}
	if cut == 0 {
		t.Fatal("no schema was cut: the test compared nothing")
	}
}

// TestPieceErrorsReadAsTheWhole: an error in a later piece is reported from the whole file,
// with the whole file's position, and a cut inside a body or a block string is never kept.
func TestPieceErrorsReadAsTheWhole(t *testing.T) {
	for _, s := range []string{
		"type A {\n  a: Int\n}\ntype B {\n  b: Int\n}\ntype C {\n  c: Int!!\n}\n",
		"\"\"\"\nA block string holding\n}\ntype X {\n\"\"\"\ntype A {\n  a: Int\n}\ntype B {\n  b: Int\n}\n",
		"type A {\n  a(x: In = {\n}\n  b: Int): Int\n}\ntype B {\n  b: Int\n}\n",
	} {
		src := &ast.Source{Name: "schema.graphql", Input: s}
		for least := 1; least < len(s); least += 3 {
			samePieces(t, src, cuts(s, 3, least))
		}
	}
}

func TestCuts(t *testing.T) {
	s := "type A {\n  a: Int\n}\n\ntype B {\n  b: Int\n}\n\ntype C {\n  c: Int\n}\n"
	for _, tc := range []struct {
		n, least int
		want     []int
	}{
		{1, 1, nil},
		{2, 1, []int{41}},
		{3, 1, []int{20, 41}},
		{2, len(s), nil}, // too small to cut
	} {
		if got := cuts(s, tc.n, tc.least); !cmp.Equal(got, tc.want) {
			t.Errorf("cuts(n=%d, least=%d) = %v, want %v", tc.n, tc.least, got, tc.want)
		}
	}
}

func FuzzPieces(f *testing.F) {
	f.Add("type A {\n  a: Int\n}\n\"\"\"\nd\n\"\"\"\ntype B {\n  b: [Int!]\n}\n# end\n", uint8(2), uint8(5))
	f.Add("scalar S\ntype Q {\n  q: S\n}\nextend type Q {\n  r: Int\n}\nunion U = Q\n", uint8(3), uint8(1))
	f.Fuzz(func(t *testing.T, s string, n, least uint8) {
		if len(s) > 4096 {
			return
		}
		samePieces(t, &ast.Source{Name: "fuzz.graphql", Input: s}, cuts(s, int(n%5), int(least)))
	})
}

// BenchmarkParse parses GitHub's schema whole and in pieces (one per core), as Load does.
func BenchmarkParse(b *testing.B) {
	raw, err := os.ReadFile(githubschema.Path())
	if err != nil {
		b.Skip("run scripts/fetch-github-schema")
	}
	src := &ast.Source{Name: "schema.graphql", Input: string(raw)}
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			parsePieces(src, nil)
		}
	})
	b.Run("pieces", func(b *testing.B) {
		for b.Loop() {
			parse(src)
		}
	})
}
