package jsonschema

// This file is the input fit's last step (docs/selection.md, "Input fit"): a tool's own
// variables keep their descriptions, but one of thousands of tokens is cut to its lead. Shopify's
// Admin API describes each list's `query` argument with a Markdown table of every filter, its
// type, description, accepted values and examples: 2,900 tokens for `orders(query:)` alone.

import (
	"strings"
	"unicode"
)

// leadCap is the most characters of prose a lead keeps beyond its first sentence: room for a
// limit, a format or a deprecation, and the pointer to the API's documentation.
const leadCap = 400

// lead cuts a description to what a model needs to fill the value in, by one rule: the first
// sentence; every later sentence that states a deprecation, a format or a limit (keepWords),
// while the kept prose is under leadCap; the last sentence with a link (the pointer to the full
// text); and of each Markdown table its first column only, as one line ("name: default,
// created_at, …"), so the names of a query's filters stay while their descriptions go. The
// sentences keep their order.
func lead(desc string) string {
	prose, tables := splitTables(desc)
	sentences := splitSentences(prose)
	if len(sentences) == 0 {
		return strings.Join(tables, "\n")
	}
	keep := make([]bool, len(sentences))
	keep[0] = true
	link := -1
	for i, s := range sentences {
		if strings.Contains(s, "://") {
			link = i
		}
	}
	if link >= 0 {
		keep[link] = true
	}
	size := len(sentences[0])
	for i := 1; i < len(sentences); i++ {
		if !keep[i] && statesWhatMatters(sentences[i]) && size+len(sentences[i]) <= leadCap {
			keep[i], size = true, size+len(sentences[i])
		}
	}
	var out []string
	for i, s := range sentences {
		if keep[i] {
			out = append(out, s)
			if i == 0 && len(tables) > 0 {
				out = append(out, tables...) // the table's names right after what the value is
			}
		}
	}
	return strings.Join(out, " ")
}

// keepWords mark a sentence that says what a value must look like or may be: a deprecation, a
// format, a limit, a default.
var keepWords = []string{"deprecat", "format", "iso ", "iso-", "rfc", "utc", "maximum", "minimum", "at most",
	"at least", "up to", "limit", "between", "must", "required", "default"}

func statesWhatMatters(s string) bool {
	l := strings.ToLower(s)
	for _, w := range keepWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// splitSentences cuts prose into sentences by firstSentence's rule, spaces normalized.
func splitSentences(prose string) []string {
	prose = strings.Join(strings.Fields(prose), " ")
	var out []string
	for prose != "" {
		s := firstSentence(prose)
		out = append(out, s)
		prose = strings.TrimSpace(prose[len(s):])
	}
	return out
}

// splitTables separates a description's Markdown tables from its prose. A table starts with a
// row followed by a separator row (| --- |). A row starts at a line whose first cell is a name;
// it wraps onto lines of its own (Shopify's do, mid-cell, and a wrapped line may end in "|"), so
// it is complete when it has the header's number of cells, or when it is one line ending in "|"
// (a short row: | created_at | time |). The table ends at a line without "|" after a complete
// row. Each table becomes one line: its header's first cell and the first cell of each row.
func splitTables(desc string) (prose string, tables []string) {
	lines := strings.Split(desc, "\n")
	var text []string
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "|") || i+1 >= len(lines) || !separatorRow(strings.TrimSpace(lines[i+1])) {
			text = append(text, lines[i])
			continue
		}
		header, cells := firstCell(l), strings.Count(l, "|")
		var names []string
		pipes, rowLines := cells, 1 // the row so far: complete at the start
		for i += 2; i < len(lines); i++ {
			row := strings.TrimSpace(lines[i])
			complete := pipes >= cells || rowLines == 1 && pipes > 0
			if c := firstCell(row); strings.HasPrefix(row, "|") && c != "" && !strings.ContainsAny(c, " -") && complete {
				names, pipes, rowLines = append(names, c), 0, 0
			} else if !strings.Contains(row, "|") && complete {
				break
			}
			pipes, rowLines = pipes+strings.Count(row, "|"), rowLines+1
			if !strings.HasSuffix(row, "|") {
				pipes = min(pipes, cells-1) // a row that does not end in "|" is not complete
				if rowLines == 1 {
					rowLines = 2
				}
			}
		}
		i-- // the loop's i++ comes back to the first line after the table
		if len(names) > 0 {
			tables = append(tables, header+": "+strings.Join(names, ", ")+".")
		}
	}
	return strings.Join(text, "\n"), tables
}

func separatorRow(l string) bool {
	return strings.HasPrefix(l, "|") && strings.Trim(l, "|-: ") == "" && strings.Contains(l, "-")
}

func firstCell(row string) string {
	row = strings.TrimPrefix(row, "|")
	if i := strings.Index(row, "|"); i >= 0 {
		row = row[:i]
	}
	return strings.TrimFunc(row, func(r rune) bool { return unicode.IsSpace(r) || r == '`' })
}

// leadEdit is lead as a fit step's edit.
func leadEdit(o Object) (Object, int) { return cutDescription(o, lead) }
