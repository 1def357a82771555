package gqlschema

// comments.go reads # comments as descriptions. GraphQL counts only "..." and """...""" strings
// as descriptions, but schemas written in the AWS AppSync console (and many hand-written ones)
// document their fields with # comments, so a schema that reads as documented gave agents
// tools without descriptions, and toolgen init offered no tool at all.
//
// The rule: a type, field, argument, input field or enum value with no description of its own
// takes the # lines directly above it (no blank line between) as its description. Lines that
// read as commented-out schema (oldField: String, type Old {, an enum value), TODO notes and
// rules of dashes end the block, so only the prose right above the element is taken; a comment
// at the end of another element's line belongs to that one; a license or generated-file header
// at the top of a file is nobody's description. The text is copied into the AST after
// validation, so everything downstream (compile, the review page, the lints, init) reads it.

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// commentDescriptions fills in the descriptions of doc's undescribed elements from the #
// comments above them, and notes how many it took, at the first of them. The root types' are
// left alone: no tool shows them, and a comment above type Query is usually about the file.
func commentDescriptions(s *ast.Schema, doc *ast.SchemaDocument) diag.List {
	c := commentReader{defs: map[*ast.Source]int{}}
	for _, d := range doc.Definitions {
		if d.Position != nil {
			c.defs[d.Position.Src]++
		}
	}
	for _, d := range doc.Definitions {
		if d != s.Query && d != s.Mutation && d != s.Subscription {
			c.take(&d.Description, d.AfterDescriptionComment, d.Position)
		}
		c.members(d)
	}
	for _, d := range doc.Extensions { // "# Queries" above extend type Query describes no type
		c.members(d)
	}
	if c.count == 0 {
		return nil
	}
	var ds diag.List
	what := "a description was"
	if c.count > 1 {
		what = fmt.Sprintf("%d descriptions were", c.count)
	}
	ds.Notify(file(c.first), c.first.Line, c.first.Column,
		fmt.Sprintf("%s taken from the # comments directly above the elements (GraphQL reads only \"...\" strings as descriptions)", what),
		`write them as "..." strings (or """...""" blocks) to make them the schema's own`)
	return ds
}

// commentReader counts the descriptions taken and remembers the first.
type commentReader struct {
	count int
	first *ast.Position
	lines map[*ast.Source][]int // line starts, for the files a comment was checked in
	defs  map[*ast.Source]int   // how many types each file defines
}

func (c *commentReader) members(d *ast.Definition) {
	for _, f := range d.Fields {
		c.take(&f.Description, f.AfterDescriptionComment, f.Position)
		for _, a := range f.Arguments {
			c.take(&a.Description, a.AfterDescriptionComment, a.Position)
		}
	}
	for _, v := range d.EnumValues {
		c.take(&v.Description, v.AfterDescriptionComment, v.Position)
	}
}

// take sets *desc to the comment block directly above at, when *desc is empty and there is one.
func (c *commentReader) take(desc *string, g *ast.CommentGroup, at *ast.Position) {
	if *desc != "" || g == nil || len(g.List) == 0 || at == nil {
		return
	}
	text, from := c.describing(g.List, at)
	if text == "" {
		return
	}
	*desc = text
	c.count++
	if c.first == nil || (file(from) == file(c.first) && from.Line < c.first.Line) {
		c.first = from
	}
}

// describing is the prose of the comments directly above at: the last lines of list, each on
// the line above the next, up to the first line that is not prose; "" when there is none.
func (c *commentReader) describing(list []*ast.Comment, at *ast.Position) (string, *ast.Position) {
	line := at.Line
	start := len(list)
	for i := len(list) - 1; i >= 0; i-- {
		p := list[i].Position
		if p == nil || p.Line != line-1 || p.Src != at.Src || !prose(list[i].Text()) {
			break
		}
		line, start = p.Line, i
	}
	if start == len(list) || (start == 0 && !c.ownLine(list[0].Position)) {
		return "", nil
	}
	if start == 0 && c.fileHeader(list) {
		return "", nil
	}
	lines := make([]string, 0, len(list)-start)
	for _, x := range list[start:] {
		lines = append(lines, strings.TrimSpace(x.Text()))
	}
	text := strings.TrimSpace(strings.Join(lines, "\n")) // a bare # at either end is no text
	if !strings.ContainsFunc(text, isWordRune) {
		return "", nil
	}
	return text, list[start].Position
}

var (
	// commentedField is a field, argument or input field written out: name(args): Type = x @d.
	commentedField = regexp.MustCompile(`^[_A-Za-z][_0-9A-Za-z]*\s*(\(.*\))?\s*:\s*[\[\]!_0-9A-Za-z ]+(=.*)?(@.*)?,?$`)
	// commentedDefinition is the first line of a definition: type Old {, extend input X, union U =.
	commentedDefinition = regexp.MustCompile(`^(extend\s+)?(type|input|enum|interface|union|scalar|directive|schema)(\s+@?[_A-Za-z][_0-9A-Za-z]*)?\s*(implements\b.*|@.*|=.*|\{.*|on\b.*|\(.*)?$`)
	// commentedValue is an enum value, or a directive on a line of its own.
	commentedValue = regexp.MustCompile(`^([A-Z][A-Z0-9_]*|@[_A-Za-z].*|[{}()\[\]]+.*),?$`)
	// note is a note to the schema's authors, not to its readers.
	note = regexp.MustCompile(`^(?i)(TODO|FIXME|XXX|HACK|NOTE TO SELF)\b`)
)

// prose reports whether a comment line (without its #) may be part of a description: a blank
// line within a block may, and so does any text that does not read as schema or a note.
func prose(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return true
	}
	if !strings.ContainsFunc(t, isWordRune) { // ------, ####, ====: a rule, not text
		return false
	}
	return !commentedField.MatchString(t) && !commentedDefinition.MatchString(t) &&
		!commentedValue.MatchString(t) && !note.MatchString(t)
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// header words mark a file's opening comment as a license or a generator's notice.
var header = regexp.MustCompile(`(?i)(copyright|licen[cs]e|spdx|generated|do not edit|\(c\) [0-9]|©)`)

// fileHeader reports whether a comment block opens its file (only blank space before it) and
// is about the file: always when the file defines several types, and when it reads as a
// license or a generated-file notice in a file of one type (gqlgen's graph/user.graphqls may
// open with the description of its type User).
func (c *commentReader) fileHeader(list []*ast.Comment) bool {
	p := list[0].Position
	if p == nil || p.Src == nil {
		return false
	}
	lines := c.lineStarts(p.Src)
	if p.Line < 1 || p.Line > len(lines) || strings.TrimSpace(p.Src.Input[:lines[p.Line-1]]) != "" || !c.ownLine(p) {
		return false
	}
	if c.defs[p.Src] > 1 {
		return true
	}
	for _, x := range list {
		if header.MatchString(x.Text()) {
			return true
		}
	}
	return false
}

// ownLine reports whether nothing but blank space precedes the comment on its line: one after
// a field's type (name: String # the name) is about that field, not the next.
func (c *commentReader) ownLine(p *ast.Position) bool {
	if p == nil || p.Src == nil {
		return false
	}
	lines := c.lineStarts(p.Src)
	if p.Line < 1 || p.Line > len(lines) {
		return false
	}
	rest := p.Src.Input[lines[p.Line-1]:]
	for n := 1; n < p.Column && rest != ""; n++ { // columns count runes, as gqlparser's do
		r, size := utf8.DecodeRuneInString(rest)
		if !unicode.IsSpace(r) && r != '\uFEFF' {
			return false
		}
		rest = rest[size:]
	}
	return true
}

// lineStarts is the byte offset of each line of src (a line ends at \n, \r or \r\n, as in
// gqlparser's lexer), computed once per file.
func (c *commentReader) lineStarts(src *ast.Source) []int {
	if l, ok := c.lines[src]; ok {
		return l
	}
	s := src.Input
	l := []int{0}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			l = append(l, i+1)
		case '\n':
			l = append(l, i+1)
		}
	}
	if c.lines == nil {
		c.lines = map[*ast.Source][]int{}
	}
	c.lines[src] = l
	return l
}
