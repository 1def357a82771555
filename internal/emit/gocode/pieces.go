package gocode

// pieces.go parses and formats a rendered file in pieces, side by side. gofmt lays out each
// top-level declaration of a file on its own (alignment, line breaks and comments never reach
// across the blank line between two declarations), so the formatted file is its first piece
// (header, package clause, imports, first declarations) followed by every other piece formatted
// as a file of its own, its package clause dropped, each after a blank line. calls.go is 1.5 MB
// on GitHub, and formatting it whole on one core was most of a cold run. TestPiecesFormatAsOne
// holds the claim to gofmt's output for whole files; FuzzGenerate checks every Go file it
// renders is a gofmt fixed point.

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"sync"

	"github.com/dave/jennifer/jen"
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
// mark is an item of its own, which jennifer puts on a line of its own: cut takes it and the
// newline before it, so the rest reads as jennifer renders the file unmarked.
func declare(f *jen.File, decl jen.Code) {
	f.Comment(pieceMark)
	f.Line().Add(decl)
}

// piece is one part of a rendered file, parsed and formatted on its own.
type piece struct {
	src    []byte // what is parsed: the file's head, or clause and then declarations
	clause string // the package clause put ahead of the declarations; "" for the head
	file   *ast.File
	out    []byte // formatted, the clause dropped
}

// cut splits a rendered file at its marks into at most n pieces of about equal size. Joining
// the pieces' declarations with a newline gives the file as rendered without the marks.
func cut(raw []byte, pkg string, n int) []*piece {
	parts := bytes.Split(raw, []byte("\n"+pieceMark+"\n"))
	size := len(raw)/max(n, 1) + 1
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

// formatIn formats raw, a rendered file of package pkg, cut into at most n pieces, and
// type-checks it when check is set.
func formatIn(name, pkg string, raw []byte, n int, check bool) ([]byte, error) {
	ps := cut(raw, pkg, n)
	fset := token.NewFileSet()
	if err := each(ps, func(p *piece) error { return p.parse(fset, name) }); err != nil {
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
	err := each(ps, func(p *piece) error { return p.format(fset, name) })
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

// each runs f on every piece side by side and returns the error of the first piece that failed.
func each(ps []*piece, f func(*piece) error) error {
	errs := make([]error, len(ps))
	var wg sync.WaitGroup
	for i, p := range ps {
		wg.Go(func() { errs[i] = f(p) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
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
