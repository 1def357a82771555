package lint

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// jsonscan.go reads the input schemas' JSON text in place, for the open-ended walk.

// scanJSON is json.Valid for a string, without encoding/json's scanner, whose call per byte
// through a state function costs more than the rest of the schema walk: every tool's input
// schema is checked. Same grammar, same nesting limit (10000 arrays and objects deep). When
// ends is not nil (len(ends) ≥ len(s)) it also records the offset just past each object and
// array at the offset of its opening bracket, so that the walk skips a nested value in one step
// however often it passes it.
func scanJSON(s string, ends []int32) bool {
	const maxDepth = 10000
	var stack []int32 // the offsets of the open '{' and '['
	i := skipSpace(s, 0)
	for {
		// A value starts at i.
		if i >= len(s) {
			return false
		}
		switch c := s[i]; {
		case c == '{' || c == '[':
			if stack = append(stack, int32(i)); len(stack) > maxDepth {
				return false
			}
			i = skipSpace(s, i+1)
			if i < len(s) && s[i] == c+2 { // '}' and ']' follow '{' and '[' by two
				i = closeAt(stack[len(stack)-1], i, ends)
				stack = stack[:len(stack)-1]
				break
			}
			if c == '{' {
				if i = member(s, i); i < 0 {
					return false
				}
			}
			continue
		case c == '"':
			if i = endString(s, i); i < 0 {
				return false
			}
		case c == '-' || '0' <= c && c <= '9':
			if i = endNumber(s, i); i < 0 {
				return false
			}
		default:
			if i = endLiteral(s, i); i < 0 {
				return false
			}
		}
		// After a value: the end, a comma or closing brackets.
		for {
			i = skipSpace(s, i)
			if len(stack) == 0 {
				return i == len(s)
			}
			if i >= len(s) {
				return false
			}
			open := stack[len(stack)-1]
			if s[i] == s[open]+2 {
				i = closeAt(open, i, ends)
				stack = stack[:len(stack)-1]
				continue
			}
			if s[i] != ',' {
				return false
			}
			i = skipSpace(s, i+1)
			if s[open] == '{' {
				if i = member(s, i); i < 0 {
					return false
				}
			}
			break
		}
	}
}

// closeAt records that the bracket at open closes at i and returns the offset past it.
func closeAt(open int32, i int, ends []int32) int {
	if ends != nil {
		ends[open] = int32(i + 1)
	}
	return i + 1
}

// member reads an object member's key and colon at i and returns where its value starts, or
// -1.
func member(s string, i int) int {
	if i >= len(s) || s[i] != '"' {
		return -1
	}
	if i = endString(s, i); i < 0 {
		return -1
	}
	if i = skipSpace(s, i); i >= len(s) || s[i] != ':' {
		return -1
	}
	return skipSpace(s, i+1)
}

// endString returns the offset past the valid string that opens at i, or -1.
func endString(s string, i int) int {
	for i++; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i + 1
		case c < ' ':
			return -1
		case c == '\\':
			if i++; i >= len(s) {
				return -1
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) || !isHex(s[i+3]) || !isHex(s[i+4]) {
					return -1
				}
				i += 4
			default:
				return -1
			}
		}
	}
	return -1
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// endNumber returns the offset past the valid number that starts at i, or -1:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func endNumber(s string, i int) int {
	digits := func() bool {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i > start
	}
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case !digits():
		return -1
	}
	if i < len(s) && s[i] == '.' {
		if i++; !digits() {
			return -1
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		if i++; i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return -1
		}
	}
	return i
}

// endLiteral returns the offset past true, false or null at i, or -1.
func endLiteral(s string, i int) int {
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(s)-i >= len(lit) && s[i:i+len(lit)] == lit {
			return i + len(lit)
		}
	}
	return -1
}

// decodeString is a JSON string's value: its text when plain, else what encoding/json makes
// of it (escapes decoded, invalid UTF-8 replaced).
func decodeString(quoted string) string {
	body := quoted[1 : len(quoted)-1]
	if !strings.Contains(body, `\`) && utf8.ValidString(body) {
		return body
	}
	var out string
	_ = json.Unmarshal([]byte(quoted), &out) // valid: json.Valid passed
	return out
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the offset just past the string that opens at i: the first quote after
// it that an odd run of backslashes does not escape (the walk skips every description).
func skipString(s string, i int) int {
	for from := i + 1; ; {
		q := from + strings.IndexByte(s[from:], '"')
		k := q
		for k > i+1 && s[k-1] == '\\' {
			k--
		}
		if (q-k)%2 == 0 {
			return q + 1
		}
		from = q + 1
	}
}

// skip returns the offset just past the value that starts at i.
func (w *schemaWalker) skip(i int) int {
	switch w.s[i] {
	case '"':
		return skipString(w.s, i)
	case '{', '[':
		return int(w.ends[i])
	}
	for i < len(w.s) && !strings.ContainsRune(",}] \t\n\r", rune(w.s[i])) {
		i++
	}
	return i
}
