package review

// graphql.go lays out an operation document for reading: catalog.json holds each document on one
// line, exactly as the runtime sends it, which is unreadable in a review. The layout only moves
// whitespace: the tokens, and so the meaning, are those of the original, and a document this
// printer does not understand (unbalanced braces) is shown as it is.

import "strings"

// punctuators end a word; each is a token of its own.
const punctuators = "{}()[]:=@$!,|&"

// tokenize splits a document into GraphQL tokens: punctuators, "...", strings, block strings,
// comments, and words (names and numbers). Whitespace goes; commas stay, to be printed back.
// A string that does not end makes the document untokenizable: false.
func tokenize(doc string) ([]string, bool) {
	toks := make([]string, 0, len(doc)/4) // a compact document has a token per few bytes
	for i := 0; i < len(doc); {
		c := doc[i]
		j, ok := i+1, true
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i = j
			continue
		case strings.HasPrefix(doc[i:], `"""`):
			j, ok = blockStringEnd(doc, i+3)
		case c == '"':
			j, ok = stringEnd(doc, i+1)
		case c == '#':
			j = i + strings.IndexAny(doc[i:]+"\n", "\r\n")
		case strings.HasPrefix(doc[i:], "..."):
			j = i + 3
		case !isPunctuator(c):
			for j < len(doc) && !endsWord(doc[j]) && !(doc[j] == '.' && strings.HasPrefix(doc[j:], "...")) {
				j++
			}
		}
		if !ok {
			return nil, false
		}
		toks = append(toks, doc[i:j])
		i = j
	}
	return toks, true
}

// Byte sets as bit masks, one bit per ASCII code (low: 0-63, high: 64-127): the tokenizer
// tests every byte of every document.
const (
	punctLo = 1<<'(' | 1<<')' | 1<<':' | 1<<'=' | 1<<'$' | 1<<'!' | 1<<',' | 1<<'&'
	punctHi = 1<<('{'-64) | 1<<('}'-64) | 1<<('['-64) | 1<<(']'-64) | 1<<('@'-64) | 1<<('|'-64)
	// A word also ends at whitespace, a string or a comment.
	wordEndLo = punctLo | 1<<' ' | 1<<'\t' | 1<<'\r' | 1<<'\n' | 1<<'"' | 1<<'#'
)

func inSet(c byte, lo, hi uint64) bool {
	switch {
	case c < 64:
		return lo>>c&1 != 0
	case c < 128:
		return hi>>(c-64)&1 != 0
	}
	return false
}

// isPunctuator reports whether c is one of punctuators.
func isPunctuator(c byte) bool { return inSet(c, punctLo, punctHi) }

// endsWord reports whether c ends a word: a punctuator, whitespace, a string or a comment.
func endsWord(c byte) bool { return inSet(c, wordEndLo, punctHi) }

// stringEnd returns the index just past the string whose content starts at i, and whether the
// string ends there rather than running into a line end or the end of doc.
func stringEnd(doc string, i int) (int, bool) {
	for ; i < len(doc) && doc[i] != '\n' && doc[i] != '\r'; i++ {
		if doc[i] == '\\' {
			i++
		} else if doc[i] == '"' {
			return i + 1, true
		}
	}
	return min(i, len(doc)), false
}

// blockStringEnd is stringEnd for a block string, which may span lines.
func blockStringEnd(doc string, i int) (int, bool) {
	for ; i < len(doc); i++ {
		if strings.HasPrefix(doc[i:], `\"""`) {
			i += 3
		} else if strings.HasPrefix(doc[i:], `"""`) {
			return i + 3, true
		}
	}
	return len(doc), false
}

// printer lays tokens out: one selection per line, indented two spaces per selection set.
type printer struct {
	b      strings.Builder
	depth  int // selection sets open
	parens int // argument lists, lists and object values open: nothing breaks inside them
	prev   string
	fresh  bool // at the start of a line
}

// formatOperation returns doc laid out for reading, or doc itself when it does not balance or
// has a string that does not end (moving the whitespace around it would change its tokens).
func formatOperation(doc string) string {
	toks, ok := tokenize(doc)
	if !ok {
		return doc
	}
	p := &printer{fresh: true}
	p.b.Grow(2 * len(doc)) // room for the indentation
	for _, tok := range toks {
		p.token(tok)
		if p.depth < 0 || p.parens < 0 {
			return doc
		}
	}
	if p.depth != 0 || p.parens != 0 {
		return doc
	}
	return strings.TrimRight(p.b.String(), "\n")
}

func (p *printer) token(tok string) {
	switch {
	case tok == "(" || tok == "[" || (tok == "{" && p.parens > 0):
		p.write(tok)
		p.parens++
	case tok == ")" || tok == "]" || (tok == "}" && p.parens > 0):
		p.parens--
		p.write(tok)
	case tok == "{":
		p.write(tok)
		p.depth++
		p.newline()
	case tok == "}":
		p.depth--
		p.newline()
		p.write(tok)
		p.newline()
	case tok[0] == '#':
		p.write(tok)
		p.newline()
	default:
		if p.depth > 0 && p.parens == 0 && p.startsSelection(tok) {
			p.newline()
		}
		p.write(tok)
	}
	p.prev = tok
}

// startsSelection reports whether tok begins a field or fragment spread rather than continuing
// one (an alias's field, a directive, a type condition).
func (p *printer) startsSelection(tok string) bool {
	if isPunctuator(tok[0]) {
		return false
	}
	switch p.prev {
	case ":", "@", "...", "on":
		return false
	}
	return true
}

// write adds tok on the current line with the spacing GraphQL is usually written with.
func (p *printer) write(tok string) {
	if p.fresh {
		for range p.depth { // none when negative
			p.b.WriteString("  ")
		}
	} else if p.spaced(tok) {
		p.b.WriteByte(' ')
	}
	p.b.WriteString(tok)
	p.fresh = false
}

// spaced reports whether a space goes between the previous token and tok.
func (p *printer) spaced(tok string) bool {
	switch {
	case strings.Contains(",:)]!", tok), strings.Contains("([$@", p.prev) && p.prev != "":
		return false
	case p.prev == "...":
		return tok == "on" || tok == "@" || tok == "{"
	case tok == "(" || tok == "[":
		return p.prev == ":" || p.prev == "=" || p.prev == ","
	}
	return true
}

func (p *printer) newline() {
	if !p.fresh {
		p.b.WriteByte('\n')
		p.fresh = true
	}
}
