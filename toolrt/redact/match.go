package redact

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// matchAt reports where a match of want starting at text[i] ends (the longest one), or -1.
// Each character of want may be written in either case, literally, as a JSON escape or
// percent-encoded. A backslash or a percent sign can be either a literal character or the
// start of an escape, so the matcher follows every reading at once: the set of positions
// reached after each character, never more than a few.
func matchAt(text string, i int, want []rune) int {
	var bufA, bufB [4]int // the readings rarely branch: no allocation per attempt
	cur, next := append(bufA[:0], i), bufB[:0]
	for _, r := range want {
		next = next[:0]
		for _, p := range cur {
			next = readings(next, text, p, r)
		}
		if len(next) == 0 {
			return -1
		}
		cur, next = next, cur
	}
	end := cur[0]
	for _, p := range cur[1:] {
		end = max(end, p)
	}
	return end
}

// readings adds to ends the ends of every way text[p:] starts with r or another case of r:
// literally, as a JSON escape, and percent-encoded.
func readings(ends []int, text string, p int, r rune) []int {
	if p >= len(text) {
		return ends
	}
	if c, size := utf8.DecodeRuneInString(text[p:]); same(c, r) && (c != utf8.RuneError || size > 1) {
		ends = appendNew(ends, p+size)
	}
	var c rune
	n := 0
	switch text[p] {
	case '\\':
		c, n = unescape(text[p:])
	case '%':
		c, n = unpercent(text[p:])
	case '+':
		c, n = ' ', 1 // a space in a form-encoded query
	}
	if n > 0 && same(c, r) {
		ends = appendNew(ends, p+n)
	}
	return ends
}

// same reports whether c and r are one character up to case (Unicode simple folding).
func same(c, r rune) bool {
	if c == r {
		return true
	}
	if c < utf8.RuneSelf && r < utf8.RuneSelf {
		l := c | 0x20
		return 'a' <= l && l <= 'z' && l == r|0x20
	}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f == c {
			return true
		}
	}
	return false
}

// unpercent decodes the percent-encoded UTF-8 character at the start of s (%41, %C3%A4): the
// rune and its length, or 0 length.
func unpercent(s string) (rune, int) {
	var buf [utf8.UTFMax]byte
	n, used := 0, 0
	for n < len(buf) && used+3 <= len(s) && s[used] == '%' {
		hi, ok1 := unhex(s[used+1])
		lo, ok2 := unhex(s[used+2])
		if !ok1 || !ok2 {
			break
		}
		buf[n] = byte(hi<<4 | lo)
		n, used = n+1, used+3
		if utf8.FullRune(buf[:n]) {
			if c, size := utf8.DecodeRune(buf[:n]); c != utf8.RuneError || size > 1 {
				return c, used
			}
			return 0, 0
		}
	}
	return 0, 0
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
	var v rune
	for i := 2; i < 6; i++ {
		d, ok := unhex(s[i])
		if !ok {
			return 0, false
		}
		v = v<<4 | d
	}
	return v, true
}

// unhex is one hex digit's value, in either case. (strconv's parsers allocate an error for
// every "%" or "\u" that is not an escape, and redaction meets many.)
func unhex(c byte) (rune, bool) {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0'), true
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return rune(c|0x20-'a') + 10, true
	}
	return 0, false
}

func appendNew(list []int, v int) []int {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}
