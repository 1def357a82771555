package review

// markdown.go holds the layout the template needs to keep any catalog text from breaking the
// page's structure on GitHub: table cells, code spans, fenced blocks, block quotes and anchors.
// The text itself is escaped by internal/mdtext, as toolgen diff's comment is.

import (
	"strconv"
	"strings"
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

// code wraps s in a code span whose backtick run is longer than any inside s; s is put on one
// line because a code span cannot hold a newline that means anything.
func code(s string) string {
	if !strings.ContainsAny(s, "`\r\n") {
		return "`" + s + "`" // most spans: one backtick each side and no space needed
	}
	s = strings.Join(lines(s), " ")
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " " // CommonMark strips one space on each side
	}
	return ticks + s + ticks
}

// codeList is the names as code spans joined by commas and "and", or "" for none.
func codeList(names []string) string {
	spans := make([]string, len(names))
	for i, n := range names {
		spans[i] = code(n)
	}
	if len(spans) < 2 {
		return strings.Join(spans, "")
	}
	return strings.Join(spans[:len(spans)-1], ", ") + " and " + spans[len(spans)-1]
}

// fence returns a code fence longer than any backtick run in s, so s cannot close it early.
func fence(s string) string {
	return strings.Repeat("`", max(3, longestRun(s, '`')+1))
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

func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
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
