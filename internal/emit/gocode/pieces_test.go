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
	whole, pieced := emitterOf(t, c, o).files(o), emitterOf(t, c, o).files(o) // names are taken once per emitter
	for i, g := range whole {
		s, err := g.build()
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range s.decls {
			declare(s.head, d)
		}
		raw, err := jenRender(s.head)
		if err != nil {
			t.Fatal(err)
		}
		want, err := format.Source(bytes.ReplaceAll(raw, []byte("\n"+pieceMark+"\n"), []byte("\n")))
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		s, err = pieced[i].build()
		if err != nil {
			t.Fatal(err)
		}
		parts, err := s.render()
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range counts {
			got, err := formatIn(g.name, o.Package, parts, n, g.check)
			if err != nil {
				t.Fatalf("%s in %d pieces: %v", g.name, n, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s rendered in %d files and formatted in %d pieces differs from gofmt's text of the file rendered whole", g.name, min(len(s.decls), maxPieces), n)
			}
		}
	}
}

func emitterOf(t *testing.T, c *catalog.Catalog, o Options) *emitter {
	t.Helper()
	e, err := newEmitter(c, o)
	if err != nil {
		t.Fatal(err)
	}
	return e
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
