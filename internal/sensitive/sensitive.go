// Package sensitive classifies fields and arguments: which hold a credential (never selected by
// default, never asked of the model: Credential, from the name with its type, declaring type and
// the field leading to it), which name the acting identity (it should come from the login, not
// from the model) and which are personal data. The default selection and the lints share it so
// that what the compiler leaves out and what a lint flags can never disagree.
package sensitive

import (
	"strings"
	"unicode"
)

// Words splits a GraphQL name into lower-case words: camelCase, PascalCase, snake_case and
// digits all split, so "apiKey", "API_KEY" and "apikey" are told apart only where they must be.
func Words(name string) []string {
	var out []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == ' ':
			flush()
			continue
		case unicode.IsUpper(r) && i > 0:
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || (nextLower && unicode.IsUpper(rs[i-1])) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}
