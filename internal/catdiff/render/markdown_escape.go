package render

import (
	"encoding/json"
	"strings"

	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/mdtext"
)

// inline makes catalog text safe on one line of Markdown.
func inline(s string) string {
	return mdtext.OneLine(mdtext.Escape(s)) // escapes first: a line separator is a space to OneLine
}

// code is a code span of s made visible, on one line; "|" is escaped because GitHub ends a
// table cell at it even inside a code span.
func code(s string) string {
	s = mdtext.OneLine(mdtext.Visible(s))
	if s == "" {
		return ""
	}
	return strings.ReplaceAll(mdtext.Code(s), "|", `\|`)
}

// value shows an old or new value in a table cell: strings over 60 characters are cut, since the
// word diff below the table shows descriptions in full.
func value(v any) string {
	if v == nil {
		return "–"
	}
	s, ok := v.(string)
	if !ok {
		b, _ := json.Marshal(v)
		s = string(b)
	}
	if r := []rune(mdtext.OneLine(mdtext.Visible(s))); len(r) > 60 {
		s = string(r[:57]) + "…"
	}
	return code(s)
}

// wordQuote renders a word diff as a block quote: removed words struck through, added in bold.
func wordQuote(c catdiff.Change) string {
	old, _ := c.Old.(string)
	new, _ := c.New.(string)
	var parts []string
	for _, op := range catdiff.WordOps(old, new) {
		t := inline(op.Text)
		switch op.Kind {
		case '-':
			parts = append(parts, "~~"+t+"~~")
		case '+':
			parts = append(parts, "**"+t+"**")
		default:
			parts = append(parts, t)
		}
	}
	if len(parts) == 0 {
		return "> (empty)"
	}
	return "> " + strings.Join(parts, " ")
}

// htmlText escapes text inside an HTML element such as <summary>, where Markdown is not read.
func htmlText(s string) string {
	return mdtext.OneLine(mdtext.HTML(s))
}
