// Package redact removes the run's secrets (the bearer token, the password) from text before
// it leaves the process toward a model, a terminal, a log, an audit file or an MCP client.
// A server may echo a secret in any spelling, so a secret is found however each of its
// characters is written: literally or as a JSON escape (\u0041, \/, any mix, surrogate pairs
// included), and inside base64 text (standard or URL alphabet, padded or not, at any alignment).
// JSON is redacted after decoding, string by string, and re-encoded; callers clip after.
package redact

import (
	"encoding/base64"
	"strings"
)

// Secret is one value to remove and the label that replaces it, e.g. "[token]".
type Secret struct {
	Value string
	Label string
}

// minBase64 is the shortest base64 run redacted on its own: a shorter one would match
// unrelated text by chance, and it carries at most a few characters of the secret.
const minBase64 = 8

// Set is a fixed set of secrets with every form each is searched in. The zero Set and a nil
// *Set redact nothing.
type Set struct {
	forms []form
}

// form is one spelling to look for: its characters, and what replaces it.
type form struct {
	lit   string // the spelling itself
	runes []rune // its characters, each of which may also come escaped
	label string
}

func newForm(lit, label string) form { return form{lit, []rune(lit), label} }

// New prepares secrets for redaction; empty values are ignored.
func New(secrets ...Secret) *Set {
	s := &Set{}
	for _, sec := range secrets {
		if sec.Value == "" {
			continue
		}
		s.forms = append(s.forms, newForm(sec.Value, sec.Label))
		for _, b := range base64Cores(sec.Value) {
			s.forms = append(s.forms, newForm(b, sec.Label))
		}
	}
	return s
}

// Empty reports whether there is nothing to redact.
func (s *Set) Empty() bool { return s == nil || len(s.forms) == 0 }

// String replaces every occurrence of every form in text with its label.
func (s *Set) String(text string) string {
	if s.Empty() {
		return text
	}
	for _, f := range s.forms {
		text = replace(text, f)
	}
	return text
}

// Bytes is String for bytes.
func (s *Set) Bytes(b []byte) []byte {
	if s.Empty() {
		return b
	}
	return []byte(s.String(string(b)))
}

// replace rewrites each leftmost match of f in text, scanning on after each match. Text
// without a backslash holds no escape, so the literal search is exact there and much faster.
func replace(text string, f form) string {
	lit := f.lit
	if !strings.Contains(text, `\`) {
		return strings.ReplaceAll(text, lit, f.label)
	}
	var out strings.Builder
	last := 0
	for i := 0; i < len(text); i++ {
		// A match starts with the first character written literally, or with an escape; a
		// UTF-8 first byte is never a continuation byte, so byte steps miss no start.
		if text[i] != lit[0] && text[i] != '\\' {
			continue
		}
		end := matchAt(text, i, f.runes)
		if end < 0 {
			continue
		}
		out.WriteString(text[last:i])
		out.WriteString(f.label)
		last = end
		i = end - 1
	}
	if last == 0 {
		return text
	}
	out.WriteString(text[last:])
	return out.String()
}

// base64Cores returns the base64 text that any encoding of a byte stream holding secret must
// contain: for each of the three alignments and both alphabets, the characters whose six bits
// all come from the secret. Cores shorter than minBase64 are left out.
func base64Cores(secret string) []string {
	var cores []string
	n := len(secret)
	for k := range 3 {
		buf := append(make([]byte, k), secret...)
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			all := enc.EncodeToString(buf)
			first := (8*k + 5) / 6  // first character starting at or after the secret's first bit
			last := (8*(k+n))/6 - 1 // last character ending at or before its last bit
			if last-first+1 < minBase64 {
				continue
			}
			if c := all[first : last+1]; !contains(cores, c) {
				cores = append(cores, c)
			}
		}
	}
	return cores
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
