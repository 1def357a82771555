package review

// markdown.go holds the layout the template needs to keep any catalog text from breaking the
// page's structure on GitHub: table cells, code spans, fenced blocks, block quotes and anchors.
// The text itself is escaped, and code spans and fences are built, by internal/mdtext, as for
// toolgen diff's comment.

import (
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/mdtext"
)

// cell makes text safe inside a table cell: a "|" would end the cell (even inside a code span,
// on GitHub) and a newline would end the row.
func cell(s string) string {
	if !strings.ContainsAny(s, "|\r\n") {
		return s // most cells: nothing to escape, nothing to allocate
	}
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.Join(lines(s), "<br>")
}

// codeList is the names as code spans joined by commas and "and", or "" for none.
func codeList(names []string) string {
	spans := make([]string, len(names))
	for i, n := range names {
		spans[i] = mdtext.Code(n)
	}
	if len(spans) < 2 {
		return strings.Join(spans, "")
	}
	return strings.Join(spans[:len(spans)-1], ", ") + " and " + spans[len(spans)-1]
}

// quote renders text as a block quote, line by line; blank lines keep the paragraphs apart.
func quote(s string) string {
	ls := lines(strings.TrimSpace(s))
	for i, l := range ls {
		ls[i] = strings.TrimRight("> "+l, " ")
	}
	return strings.Join(ls, "\n")
}

// lines splits text at any line end.
func lines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Split(strings.ReplaceAll(s, "\r", "\n"), "\n")
}

// anchors returns, per tool in order, the fragment GitHub gives the heading "Tool `name`":
// "tool-" and the name in lower case, "-1", "-2"… for names that differ only by case. GraphQL
// names have no hyphen, so no other heading on the page can take one of these.
func anchors(names []string) []string {
	seen := map[string]int{}
	out := make([]string, len(names))
	for i, n := range names {
		slug := "tool-" + strings.ToLower(n)
		out[i] = slug
		if k := seen[slug]; k > 0 {
			out[i] = slug + "-" + strconv.Itoa(k)
		}
		seen[slug]++
	}
	return out
}
