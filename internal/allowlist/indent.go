package allowlist

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/plural"
)

// This file explains indentation errors. goccy/go-yaml reports where it stopped, which is not
// always the line that is off: with `createTicket:`, `   roles: [support]` (3 spaces) and
// `    title: Open a ticket` (4), it stops at title although the edit was to roles. Which of two
// lines is off the source cannot tell, so the hint names both, and only for the shapes below,
// checked against the lines around the reported one.

// indentHint is the hint for a syntax error msg at line (1-based), or "" when the lines around
// it do not show an indentation mistake.
func indentHint(src []byte, line int, msg string) string {
	lines := strings.Split(string(src), "\n")
	here, ok := contentLine(lines, line)
	if !ok {
		return ""
	}
	switch {
	case strings.HasPrefix(msg, "non-map value is specified"):
		return noColon(here)
	case strings.HasPrefix(msg, "value is not allowed in this context"):
		prev, ok := previousLine(lines, line)
		if !ok {
			return ""
		}
		if h := listAmongKeys(here, prev); h != "" {
			return h
		}
		if here.indent > prev.indent && prev.hasValue() {
			return deeper(here, prev)
		}
		if here.indent < prev.indent {
			return between(lines, here, prev)
		}
	case strings.HasPrefix(msg, "mapping value is not allowed in this context"):
		// The parser read the deeper next line as more of this line's value.
		next, ok := nextLine(lines, line)
		if ok && next.indent > here.indent && here.hasValue() {
			return deeper(next, here)
		}
	}
	return ""
}

// noColon: a line whose key has no colon after it (`person {}`), read as a plain value where
// a key: value pair belongs.
func noColon(l srcLine) string {
	if strings.HasPrefix(l.text, "- ") {
		return listItem(l)
	}
	key, rest, _ := strings.Cut(l.text, " ")
	if key == "" || strings.Contains(key, ":") || strings.HasPrefix(key, "-") {
		return ""
	}
	if rest = strings.TrimSpace(rest); rest == "" || rest[0] == '#' {
		rest = "{}"
	}
	return fmt.Sprintf("line %d has no colon after its key %q; write %s: %s", l.n, key, key, rest)
}

// listAmongKeys: a list item (- movie) written among the keys of a mapping (tools:, roles:),
// whose entries are all key: value.
func listAmongKeys(here, prev srcLine) string {
	if !strings.HasPrefix(prev.text, "- ") || prev.indent != here.indent || strings.HasPrefix(here.text, "-") {
		return ""
	}
	return listItem(prev)
}

func listItem(l srcLine) string {
	item := strings.TrimPrefix(l.text, "- ")
	if name, _, _ := strings.Cut(item, " "); name != "" && !strings.ContainsAny(name, ":{[") {
		return fmt.Sprintf("line %d is a list item (- %s) among the keys of a mapping; write it as a key: %s: {}", l.n, name, name)
	}
	return fmt.Sprintf("line %d is a list item among the keys of a mapping; remove its - and write it as key: value", l.n)
}

// deeper: line d is indented deeper than line s, whose key already has its value.
func deeper(d, s srcLine) string {
	return fmt.Sprintf("line %d is indented %s, deeper than line %d (%s), whose key already has its value; keys of one mapping take the same indentation, so line %d or line %d is off",
		d.n, plural.Count(d.indent, "space"), s.n, plural.Count(s.indent, "space"), s.n, d.n)
}

// between: line l is indented less than the line before it but more than the key that line
// belongs to, so it lines up with no key above it.
func between(lines []string, l, prev srcLine) string {
	hi := prev
	for n := prev.n - 1; n >= 1; n-- {
		c, ok := contentLine(lines, n)
		if !ok || c.indent >= hi.indent {
			continue
		}
		if c.indent == l.indent {
			return "" // it lines up with an enclosing key: something else is wrong
		}
		if c.indent < l.indent {
			return fmt.Sprintf("line %d is indented %s, between line %d (%s) and line %d (%s), so it lines up with no key above it; indent it like the lines it belongs with",
				l.n, plural.Count(l.indent, "space"), hi.n, plural.Count(hi.indent, "space"), c.n, plural.Count(c.indent, "space"))
		}
		hi = c
	}
	return ""
}

// srcLine is one line holding YAML, not a blank line or a comment.
type srcLine struct {
	n      int // 1-based
	indent int // leading spaces
	text   string
}

func contentLine(lines []string, n int) (srcLine, bool) {
	if n < 1 || n > len(lines) {
		return srcLine{}, false
	}
	s := strings.TrimRight(lines[n-1], " \r")
	text := strings.TrimLeft(s, " ")
	if text == "" || text[0] == '#' || text[0] == '\t' {
		return srcLine{}, false
	}
	return srcLine{n: n, indent: len(s) - len(text), text: text}, true
}

func previousLine(lines []string, n int) (srcLine, bool) {
	for n--; n >= 1; n-- {
		if c, ok := contentLine(lines, n); ok {
			return c, true
		}
	}
	return srcLine{}, false
}

func nextLine(lines []string, n int) (srcLine, bool) {
	for n++; n <= len(lines); n++ {
		if c, ok := contentLine(lines, n); ok {
			return c, true
		}
	}
	return srcLine{}, false
}

// hasValue reports whether the line is `key: value` with the value on it (not a block scalar's
// | or >, after which deeper lines are the value).
func hasValue(text string) bool {
	text = strings.TrimPrefix(text, "- ")
	_, v, ok := strings.Cut(text, ": ")
	v = strings.TrimSpace(v)
	return ok && v != "" && v[0] != '#' && v[0] != '|' && v[0] != '>'
}

func (l srcLine) hasValue() bool { return hasValue(l.text) }
