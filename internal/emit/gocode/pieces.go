package gocode

// pieces.go renders, parses and formats a file in pieces, side by side. jennifer prints each
// top-level declaration on its own, so the declarations are rendered in several jennifer files
// at once, then the file's head (header, package clause, imports, first declarations), which
// imports what they do. gofmt lays out each top-level declaration on its own too (alignment,
// line breaks and comments never reach across the blank line between two declarations), so the
// formatted file is its first piece followed by every other piece formatted as a file of its
// own, its package clause dropped, each after a blank line. calls.go is 1.5 MB on GitHub, and
// rendering and formatting it whole on one core was most of a cold run. TestPiecesFormatAsOne
// holds the pieces to gofmt's text of the file rendered whole by one jennifer file;
// FuzzGenerate checks every Go file it renders is a gofmt fixed point.

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"sync"

	"github.com/dave/jennifer/jen"
	"github.com/toolgen/toolgen/internal/parallel"
)

// pieceMark is the comment line declare puts before each top-level declaration: where render
// may cut. No piece keeps it, and comment never writes it (its lines are "//" or start with
// "// " or "//\t").
const pieceMark = "//toolgen:piece"

// maxPieces bounds how many pieces a file is cut into: enough to keep both cores of a small
// machine busy beside the other emitters, few enough that a piece's own package clause and
// goroutine cost nothing.
const maxPieces = 16

// declare adds a top-level declaration to f after a blank line, marked as a place to cut. The
// mark is an item of its own, which jennifer puts on a line of its own: split takes it and the
// newline before it, so the rest reads as jennifer renders the file unmarked.
func declare(f *jen.File, decl jen.Code) {
	f.Comment(pieceMark)
	f.Line().Add(decl)
}

// split cuts a rendered file at its marks: the head, then one part per declaration.
func split(raw []byte) [][]byte {
	return bytes.Split(raw, []byte("\n"+pieceMark+"\n"))
}

// source is a Go file as an emitter builds it: its head and, after it, its top-level
// declarations in order.
type source struct {
	pkg   string
	head  *jen.File
	decls []jen.Code
}

func newSource(pkg string) *source { return &source{pkg: pkg, head: newFile(pkg)} }

// declare adds a top-level declaration to s.
func (s *source) declare(decl jen.Code) { s.decls = append(s.decls, decl) }

// render prints s with jennifer: the declarations in up to maxPieces files side by side, then
// the head. It returns the head's text, then each declaration's, as split finds them in the
// file printed whole.
func (s *source) render() ([][]byte, error) {
	chunks, uses, err := s.renderDecls()
	if err != nil {
		return nil, err
	}
	// The head imports what the declarations do: references to those packages after a last
	// mark make jennifer list them, and go with the last part.
	if len(uses) > 0 {
		s.head.Comment(pieceMark)
		for _, path := range uses {
			s.head.Add(jen.Qual(path, "_"))
		}
	}
	raw, err := jenRender(s.head)
	if err != nil {
		return nil, err
	}
	head := split(raw)
	if len(uses) > 0 {
		head = head[:len(head)-1]
	}
	return slices.Concat(append([][][]byte{head}, chunks...)...), nil
}

// renderDecls prints the declarations in up to maxPieces files side by side, and returns each
// file's declarations and, sorted, the packages they use.
func (s *source) renderDecls() ([][][]byte, []string, error) {
	n := min(maxPieces, len(s.decls))
	chunks := make([][][]byte, n)
	imports := make([][]string, n)
	err := parallel.Run(n, func(_, k int) error {
		f := newFile(s.pkg)
		for _, d := range s.decls[k*len(s.decls)/n : (k+1)*len(s.decls)/n] {
			declare(f, d)
		}
		raw, err := jenRender(f)
		if err != nil {
			return err
		}
		parts := split(raw)
		chunks[k] = parts[1:]
		imports[k], err = importPaths(parts[0])
		return err
	})
	return chunks, slices.Compact(slices.Sorted(slices.Values(slices.Concat(imports...)))), err
}

// jenRender prints f as jennifer writes it, unformatted.
func jenRender(f *jen.File) ([]byte, error) {
	f.NoFormat = true
	var raw bytes.Buffer
	err := f.Render(&raw)
	return raw.Bytes(), err
}

// importPaths lists the packages a rendered file's head imports.
func importPaths(head []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", head, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(f.Imports))
	for i, spec := range f.Imports {
		if paths[i], err = strconv.Unquote(spec.Path.Value); err != nil {
			return nil, err
		}
	}
	return paths, nil
}

// piece is one part of a rendered file, parsed and formatted on its own.
type piece struct {
	src    []byte // what is parsed: the file's head, or clause and then declarations
	clause string // the package clause put ahead of the declarations; "" for the head
	file   *ast.File
	out    []byte // formatted, the clause dropped
}

// cut joins a file's parts (split's) into at most n pieces of about equal size. Joining the
// pieces' declarations with a newline gives the file as rendered without the marks.
func cut(parts [][]byte, pkg string, n int) []*piece {
	total := 0
	for _, p := range parts {
		total += len(p) + 1
	}
	size := total/max(n, 1) + 1
	clause := "package " + pkg + "\n\n"
	var out []*piece
	for start := 0; start < len(parts); {
		end, total := start+1, len(parts[start])
		for ; end < len(parts) && (total < size || len(out) == n-1); end++ {
			total += 1 + len(parts[end])
		}
		p := &piece{}
		if start > 0 {
			p.clause = clause
		}
		p.src = append(make([]byte, 0, len(p.clause)+total), p.clause...) // one allocation per piece
		for i, part := range parts[start:end] {
			if i > 0 {
				p.src = append(p.src, '\n')
			}
			p.src = append(p.src, part...)
		}
		out = append(out, p)
		start = end
	}
	return out
}

// formatIn formats the parts of a rendered file of package pkg, cut into at most n pieces,
// and type-checks it when check is set.
func formatIn(name, pkg string, parts [][]byte, n int, check bool) ([]byte, error) {
	ps := cut(parts, pkg, n)
	fset := token.NewFileSet()
	if err := parallel.Run(len(ps), func(_, i int) error { return ps[i].parse(fset, name) }); err != nil {
		return nil, err
	}
	if !ast.IsGenerated(ps[0].file) {
		return nil, &SourceError{Name: name, Source: ps[0].src, Err: fmt.Errorf("missing the %q header", header)}
	}
	var checked error
	var wg sync.WaitGroup
	if check { // the type check only reads the trees, as the printer does: run them side by side
		wg.Go(func() { checked = typeCheck(fset, name, ps) })
	}
	err := parallel.Run(len(ps), func(_, i int) error { return ps[i].format(fset, name) })
	wg.Wait()
	if checked != nil {
		err = checked // a type error explains a broken file better than the printer would
	}
	if err != nil {
		return nil, err
	}
	return join(ps), nil
}

// parse parses the piece as file name into fset.
func (p *piece) parse(fset *token.FileSet, name string) error {
	// Without the old object resolution, as go/format parses: neither the printer nor
	// go/types reads it.
	f, err := parser.ParseFile(fset, name, p.src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return &SourceError{Name: name, Source: p.src, Err: err}
	}
	p.file = f
	return nil
}

// format prints the parsed piece as gofmt would and drops the clause it was given.
func (p *piece) format(fset *token.FileSet, name string) error {
	var out bytes.Buffer
	out.Grow(len(p.src)) // gofmt's text is about as long as jennifer's: no doubling on the way
	if err := format.Node(&out, fset, p.file); err != nil {
		return &SourceError{Name: name, Source: p.src, Err: err}
	}
	b, ok := bytes.CutPrefix(out.Bytes(), []byte(p.clause))
	if !ok {
		return &SourceError{Name: name, Source: p.src, Err: errors.New("a piece lost its package clause")}
	}
	p.out = b
	return nil
}

// join is the formatted file: the pieces, a blank line between two.
func join(ps []*piece) []byte {
	n := 0
	for _, p := range ps {
		n += len(p.out) + 1
	}
	out := make([]byte, 0, n)
	for i, p := range ps {
		if i > 0 {
			out = append(out, '\n')
		}
		out = append(out, p.out...)
	}
	return out
}

// typeCheck compiles the pieces as the files of one package, catching what parsing cannot:
// clashing names, an unknown type, a struct that contains itself. A piece after the first has
// no imports, so only a file that imports nothing can be checked (tools.go).
func typeCheck(fset *token.FileSet, name string, ps []*piece) error {
	files := make([]*ast.File, len(ps))
	for i, p := range ps {
		files[i] = p.file
	}
	_, err := new(types.Config).Check(ImportPath, fset, files, nil)
	var te types.Error
	if errors.As(err, &te) {
		for _, p := range ps { // show the piece the error is in, as its lines are numbered
			if fset.File(p.file.Pos()) == fset.File(te.Pos) {
				return &SourceError{Name: name, Source: p.src, Err: err}
			}
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
