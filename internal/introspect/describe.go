package introspect

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/lexer"
)

// gqlparser's formatter prints every description as a block string, which cannot hold every
// string: a block string normalises CR and CRLF to LF, strips leading and trailing blank lines
// and common indentation, and may not contain control characters (U+0001, ESC: the whole SDL
// failed to load). So descriptions are held out of the document while it is formatted, as
// placeholders, and put back in the form that reads back as the server's text: a block string
// when it does, an ordinary escaped string otherwise.

// placeholder marks held description n in the formatted text; NUL cannot appear in it otherwise,
// since the formatter escapes it in strings and names cannot hold it.
func placeholder(n int) string { return "\x00" + strconv.Itoa(n) + "\x00" }

// held is a formatted description block around a placeholder, with its indentation.
var held = regexp.MustCompile("(?m)^([ \t]*)\"\"\"\n[ \t]*\x00([0-9]+)\x00\n[ \t]*\"\"\"\n")

// holdDescriptions replaces every description in doc with a placeholder and returns the texts.
func holdDescriptions(doc *ast.SchemaDocument) []string {
	var texts []string
	hold := func(d *string) {
		if *d != "" {
			texts = append(texts, *d)
			*d = placeholder(len(texts) - 1)
		}
	}
	args := func(as ast.ArgumentDefinitionList) {
		for _, a := range as {
			hold(&a.Description)
		}
	}
	for _, s := range doc.Schema {
		hold(&s.Description)
	}
	for _, d := range doc.Directives {
		hold(&d.Description)
		args(d.Arguments)
	}
	for _, d := range doc.Definitions {
		hold(&d.Description)
		for _, f := range d.Fields {
			hold(&f.Description)
			args(f.Arguments)
		}
		for _, v := range d.EnumValues {
			hold(&v.Description)
		}
	}
	return texts
}

// placeDescriptions puts the held texts back into the formatted out.
func placeDescriptions(out []byte, texts []string) []byte {
	return held.ReplaceAllFunc(out, func(m []byte) []byte {
		sub := held.FindSubmatch(m)
		n, _ := strconv.Atoi(string(sub[2]))
		return []byte(description(texts[n], string(sub[1])))
	})
}

// description prints s at indent: as a block string when that reads back as s, else as an
// ordinary string with escapes.
func description(s, indent string) string {
	var b strings.Builder
	b.WriteString(indent + `"""` + "\n")
	for _, line := range strings.Split(strings.ReplaceAll(s, `"""`, `\"""`), "\n") {
		if line != "" {
			b.WriteString(indent + line)
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent + `"""`)
	block := b.String()
	lex := lexer.New(&ast.Source{Input: block})
	if tok, err := lex.ReadToken(); err == nil && tok.Kind == lexer.BlockString && tok.Value == s {
		if next, err := lex.ReadToken(); err == nil && next.Kind == lexer.EOF {
			return block + "\n"
		}
	}
	return indent + (&ast.Value{Kind: ast.StringValue, Raw: s}).String() + "\n"
}
