package redact

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// matchAt reports where a match of want starting at text[i] ends (the longest one), or -1.
// Each character of want may be written literally or as a JSON escape. A backslash can be
// either a literal character or the start of an escape, so the matcher follows both readings
// at once: the set of positions reached after each character, never more than a few.
func matchAt(text string, i int, want []rune) int {
	cur := []int{i}
	for _, r := range want {
		var next []int
		for _, p := range cur {
			for _, e := range readings(text, p, r) {
				next = appendNew(next, e)
			}
		}
		if len(next) == 0 {
			return -1
		}
		cur = next
	}
	end := cur[0]
	for _, p := range cur[1:] {
		end = max(end, p)
	}
	return end
}

// readings returns the ends of every way text[p:] starts with r: literally, and as an escape.
func readings(text string, p int, r rune) []int {
	if p >= len(text) {
		return nil
	}
	var ends []int
	if c, size := utf8.DecodeRuneInString(text[p:]); c == r && (c != utf8.RuneError || size > 1) {
		ends = append(ends, p+size)
	}
	if text[p] == '\\' {
		if c, n := unescape(text[p:]); n > 0 && c == r {
			ends = appendNew(ends, p+n)
		}
	}
	return ends
}

// unescape decodes the JSON escape at the start of s: the rune and its length, or 0 length.
// A high surrogate followed by an escaped low surrogate decodes to one rune.
func unescape(s string) (rune, int) {
	if len(s) < 2 || s[0] != '\\' {
		return 0, 0
	}
	switch s[1] {
	case '"', '\\', '/':
		return rune(s[1]), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		return unescapeU(s)
	}
	return 0, 0
}

func unescapeU(s string) (rune, int) {
	r, ok := hex4(s)
	if !ok {
		return 0, 0
	}
	if utf16.IsSurrogate(r) {
		if low, ok := hex4(s[6:]); ok {
			if pair := utf16.DecodeRune(r, low); pair != utf8.RuneError {
				return pair, 12
			}
		}
	}
	return r, 6
}

// hex4 reads \uXXXX at the start of s, hex digits in either case.
func hex4(s string) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(s[2:6], 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(v), true
}

func appendNew(list []int, v int) []int {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}
