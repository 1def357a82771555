package gqlschema

// pieces.go parses a large schema in pieces side by side. gqlparser's parser is sequential and
// GitHub's 1.1 MB schema takes ~20 ms of one core to parse, while the other core has nothing to
// do yet; cut between two top-level definitions, the halves parse in half the time.
//
// A piece is parsed from a copy of the whole source in which every character before the piece
// is blanked (newlines kept), so its positions (line, column, offset) are those of the whole
// file. A cut is only made after a line that is exactly "}" and is kept only if every piece
// parses: a piece that started or ended inside a body or a block string would not. Any failure
// parses the whole file again, so an error reads exactly as it would without pieces.

import (
	"runtime"
	"strings"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// minPiece is the smallest piece worth a goroutine: smaller schemas parse whole.
const minPiece = 256 << 10

// parse parses source like parser.ParseSchema, in up to GOMAXPROCS pieces.
func parse(source *ast.Source) (*ast.SchemaDocument, error) {
	return parsePieces(source, cuts(source.Input, runtime.GOMAXPROCS(0), minPiece))
}

// parsePieces parses the pieces between cuts side by side and merges them in order.
func parsePieces(source *ast.Source, cuts []int) (*ast.SchemaDocument, error) {
	if len(cuts) == 0 {
		return parser.ParseSchema(source)
	}
	bounds := append(append([]int{0}, cuts...), len(source.Input))
	docs := make([]*ast.SchemaDocument, len(bounds)-1)
	failed := make([]bool, len(docs))
	var wg sync.WaitGroup
	for i := range docs {
		wg.Go(func() {
			piece := &ast.Source{Name: source.Name, Input: blankBefore(source.Input[:bounds[i+1]], bounds[i]), BuiltIn: source.BuiltIn}
			var err error
			docs[i], err = parser.ParseSchema(piece)
			failed[i] = err != nil
		})
	}
	wg.Wait()
	for _, f := range failed {
		if f {
			return parser.ParseSchema(source)
		}
	}
	doc := docs[0]
	for _, d := range docs[1:] {
		doc.Merge(d)
	}
	doc.Comment = docs[len(docs)-1].Comment // the comment at the end of the file
	return doc, nil
}

// cuts returns up to n-1 byte offsets that split s into pieces of at least least bytes, each at
// the start of a line that follows a line "}" (the end of a top-level body in any printed
// schema); none when s is too small or has no such line.
func cuts(s string, n, least int) []int {
	least = max(least, 1)
	n = max(1, min(n, len(s)/least))
	var out []int
	last := 0
	for k := 1; k < n; k++ {
		from := max(k*len(s)/n, last+least)
		if from >= len(s) {
			break
		}
		start := max(from-len("\n}\n"), 0) // the first cut at or after from
		i := strings.Index(s[start:], "\n}\n")
		if i < 0 {
			break
		}
		at := start + i + len("\n}\n")
		if len(s)-at < least {
			break
		}
		out = append(out, at)
		last = at
	}
	return out
}

// blankBefore is s with every character before at replaced by a space, line ends kept, so that
// the rest of s keeps its lines, columns and offsets (gqlparser counts them in runes).
func blankBefore(s string, at int) string {
	if at == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s[:at] { // an invalid byte is one rune here, as in gqlparser's lexer
		switch r {
		case '\n', '\r':
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	b.WriteString(s[at:])
	return b.String()
}
