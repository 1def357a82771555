package toolrttest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
)

// EscapeAll writes every character of s as a JSON \uXXXX escape, upper- and lower-case hex
// alternating: the bytes a hostile server sends never contain s, the decoded string is s.
func EscapeAll(s string) string {
	var b strings.Builder
	for i, u := range utf16.Encode([]rune(s)) {
		if i%2 == 0 {
			fmt.Fprintf(&b, `\u%04X`, u)
		} else {
			fmt.Fprintf(&b, `\u%04x`, u)
		}
	}
	return b.String()
}

// Leaks reports whether text holds secret, literally or once its \uXXXX escapes are decoded.
func Leaks(text, secret string) bool {
	return strings.Contains(text, secret) || strings.Contains(unescapeU(text), secret)
}

// unescapeU decodes each \uXXXX (surrogate pairs joined) and leaves everything else.
func unescapeU(s string) string {
	var units []uint16
	var b strings.Builder
	flush := func() {
		b.WriteString(string(utf16.Decode(units)))
		units = units[:0]
	}
	for i := 0; i < len(s); {
		if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
			if v, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
				units = append(units, uint16(v))
				i += 6
				continue
			}
		}
		flush()
		b.WriteByte(s[i])
		i++
	}
	flush()
	return b.String()
}
