// Package redact removes the run's secrets (the bearer token, the password) from text before
// it leaves the process toward a model, a terminal, a log, an audit file or an MCP client.
// A server may echo a secret in any spelling, so a secret is found however each of its
// characters is written: in either case, literally, as a JSON escape (\u0041, \/, any mix,
// surrogate pairs included) or percent-encoded (%41, %c3%a4, + for a space); in hex (either
// case); and inside base64 text (standard or URL alphabet, padded or not, at any alignment).
// JSON is redacted after decoding, string by string, and re-encoded; callers clip after.
//
// It finds encodings, not transformations: a secret reversed, split across strings or
// otherwise rewritten on purpose is not found (docs/security.md says why).
package redact

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"
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
	forms  []form
	starts [256]bool // bytes that can start a match of some form
}

// form is one spelling to look for: its characters, each of which may also come in the other
// case or escaped, the bytes a match can start with, and what replaces it.
type form struct {
	runes  []rune
	starts [256]bool // the first byte of a match
	second [256]bool // the byte after a first character written as one literal byte
	label  string
}

// mayStart is a cheap test of the first two bytes before the full match: most bytes of an
// answer are a letter or digit some form starts with, and the second byte rules them out.
func (f *form) mayStart(text string, i int) bool {
	c := text[i]
	if !f.starts[c] {
		return false
	}
	if c == '\\' || c == '%' || c == '+' || c >= utf8.RuneSelf || len(f.runes) == 1 {
		return true
	}
	return i+1 < len(text) && f.second[text[i+1]]
}

func newForm(lit, label string) form {
	f := form{runes: []rune(lit), label: label}
	f.starts = firstBytes(f.runes[0])
	if len(f.runes) > 1 {
		f.second = firstBytes(f.runes[1])
	}
	return f
}

// firstBytes marks the bytes a written r can start with: the first byte of each of its cases,
// a backslash (a JSON escape), a percent sign, and a plus for a space.
func firstBytes(r rune) [256]bool {
	var t [256]bool
	for c := r; ; {
		var b [utf8.UTFMax]byte
		utf8.EncodeRune(b[:], c)
		t[b[0]] = true
		if c = unicode.SimpleFold(c); c == r {
			break
		}
	}
	t['\\'], t['%'] = true, true
	t['+'] = r == ' '
	return t
}

// New prepares secrets for redaction; empty values are ignored. Each secret is searched as
// itself, as its hex digits and as the base64 characters any encoding of it must contain.
func New(secrets ...Secret) *Set {
	s := &Set{}
	for _, sec := range secrets {
		if sec.Value == "" {
			continue
		}
		s.add(sec.Value, sec.Label)
		s.add(hex.EncodeToString([]byte(sec.Value)), sec.Label) // case-blind matching takes upper-case hex too
		for _, b := range base64Cores(sec.Value) {
			s.add(b, sec.Label)
		}
	}
	return s
}

func (s *Set) add(lit, label string) {
	for _, f := range s.forms {
		if string(f.runes) == lit {
			return
		}
	}
	f := newForm(lit, label)
	s.forms = append(s.forms, f)
	for i, ok := range f.starts {
		s.starts[i] = s.starts[i] || ok
	}
}

// Empty reports whether there is nothing to redact.
func (s *Set) Empty() bool { return s == nil || len(s.forms) == 0 }

// String replaces every match of every form in text with its label: one pass, leftmost first,
// the longest match where several forms start at one place.
func (s *Set) String(text string) string {
	if s.Empty() {
		return text
	}
	var out strings.Builder
	last := 0
	for i := 0; ; {
		start, end, label := s.next(text, i)
		if start < 0 {
			break
		}
		out.WriteString(text[last:start])
		out.WriteString(label)
		last, i = end, end
	}
	if last == 0 {
		return text
	}
	out.WriteString(text[last:])
	return out.String()
}

// next finds the leftmost match at or after text[i]: where it starts and ends, and its label,
// the longest where several forms start at one place; start is -1 when there is none.
func (s *Set) next(text string, i int) (start, end int, label string) {
	if s.Empty() {
		return -1, -1, ""
	}
	for ; i < len(text); i++ {
		// A UTF-8 first byte is never a continuation byte, so byte steps miss no start.
		if !s.starts[text[i]] {
			continue
		}
		end = -1
		for k := range s.forms {
			if f := &s.forms[k]; f.mayStart(text, i) {
				if e := matchAt(text, i, f.runes); e > end {
					end, label = e, f.label
				}
			}
		}
		if end >= 0 {
			return i, end, label
		}
	}
	return -1, -1, ""
}

// Bytes is String for bytes.
func (s *Set) Bytes(b []byte) []byte {
	if s.Empty() {
		return b
	}
	return []byte(s.String(string(b)))
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
