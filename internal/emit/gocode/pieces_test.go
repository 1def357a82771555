package gocode

import (
	"bytes"
	"go/format"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/githubschema"
)

// piecesFormatAsOne renders each file of c, formats it cut into each of counts pieces, and
// wants gofmt's text for the file rendered whole, without marks.
func piecesFormatAsOne(t *testing.T, c *catalog.Catalog, counts []int) {
	t.Helper()
	o := Options{}.WithDefaults()
	e, err := newEmitter(c, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range e.files(o) {
		f, err := g.build()
		if err != nil {
			t.Fatal(err)
		}
		f.NoFormat = true
		var raw bytes.Buffer
		if err := f.Render(&raw); err != nil {
			t.Fatal(err)
		}
		whole, err := format.Source(bytes.ReplaceAll(raw.Bytes(), []byte("\n"+pieceMark+"\n"), []byte("\n")))
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		for _, n := range counts {
			got, err := formatIn(g.name, o.Package, raw.Bytes(), n, g.check)
			if err != nil {
				t.Fatalf("%s in %d pieces: %v", g.name, n, err)
			}
			if !bytes.Equal(got, whole) {
				t.Errorf("%s in %d pieces (%d declarations) differs from gofmt's text of the whole file", g.name, n, bytes.Count(raw.Bytes(), []byte(pieceMark)))
			}
		}
	}
}

// TestPiecesFormatAsOne formats every file of every case cut into 1, 2, 3, maxPieces and as
// many pieces as it has declarations, and wants gofmt's text for the file rendered whole,
// without marks: the claim pieces.go rests on.
func TestPiecesFormatAsOne(t *testing.T) {
	eachCase(t, func(t *testing.T, _ string, c *catalog.Catalog) {
		piecesFormatAsOne(t, c, []int{1, 2, 3, maxPieces, 1 << 20})
	})
	t.Run("synthetic", func(t *testing.T) { piecesFormatAsOne(t, bigCatalog(20, 30, 4), []int{2, 7, 1 << 20}) })
}

// TestGitHubPiecesFormatAsOne holds the claim on GitHub's catalog: 1,300 answer structs in a
// calls.go of 1.5 MB.
func TestGitHubPiecesFormatAsOne(t *testing.T) {
	schema, allow, _ := githubschema.AllRoots(t)
	c, ds := compile.Compile(compile.Inputs{SchemaPath: "github.graphql", Schema: schema, AllowlistPath: "allowlist.yaml",
		Allowlist: allow, LintAsWarnings: true})
	if c == nil {
		t.Fatal(ds)
	}
	piecesFormatAsOne(t, c, []int{2, maxPieces})
}
