package review

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// jsonParser decodes JSON into orderedObject, []any, string, json.Number, bool and nil in one
// pass: the review decodes every tool's input schema, and encoding/json's token reader
// allocates for every token. Strings with escapes are left to encoding/json. b is the text as
// one string, so that plain strings and numbers are slices of it rather than copies; members
// and elements gather on stacks shared by all nesting levels and are copied out once each.
type jsonParser struct {
	b       string
	i       int
	members []member
	elems   []any
}

func (p *jsonParser) skipSpace() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) fail(what string) error {
	return fmt.Errorf("invalid JSON at byte %d: %s", p.i, what)
}

func (p *jsonParser) value() (any, error) {
	p.skipSpace()
	if p.i >= len(p.b) {
		return nil, p.fail("unexpected end")
	}
	switch c := p.b[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.string()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	for _, lit := range []struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(p.b)-p.i >= len(lit.text) && p.b[p.i:p.i+len(lit.text)] == lit.text {
			p.i += len(lit.text)
			return lit.v, nil
		}
	}
	return nil, p.fail("unexpected character")
}

func (p *jsonParser) object() (any, error) {
	base := len(p.members)
	defer func() { p.members = p.members[:base] }()
	p.i++ // {
	for first := true; ; first = false {
		p.skipSpace()
		if p.i < len(p.b) && p.b[p.i] == '}' && first {
			p.i++
			return orderedObject(nil), nil
		}
		key, err := p.string()
		if err != nil {
			return nil, err
		}
		if p.skipSpace(); p.i >= len(p.b) || p.b[p.i] != ':' {
			return nil, p.fail("want :")
		}
		p.i++
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		p.members = append(p.members, member{key, v})
		if done, err := p.next('}'); done || err != nil {
			return orderedObject(slices.Clone(p.members[base:])), err
		}
	}
}

func (p *jsonParser) array() (any, error) {
	base := len(p.elems)
	defer func() { p.elems = p.elems[:base] }()
	p.i++ // [
	for first := true; ; first = false {
		p.skipSpace()
		if p.i < len(p.b) && p.b[p.i] == ']' && first {
			p.i++
			return []any(nil), nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		p.elems = append(p.elems, v)
		if done, err := p.next(']'); done || err != nil {
			return slices.Clone(p.elems[base:]), err
		}
	}
}

// next reads the comma between members, or the closing bracket (done).
func (p *jsonParser) next(closing byte) (bool, error) {
	p.skipSpace()
	if p.i < len(p.b) {
		switch p.b[p.i] {
		case ',':
			p.i++
			return false, nil
		case closing:
			p.i++
			return true, nil
		}
	}
	return false, p.fail("want , or " + string(closing))
}

func (p *jsonParser) string() (string, error) {
	p.skipSpace()
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", p.fail("want a string")
	}
	b, start := p.b, p.i
	plain := true // no escape and no byte past ASCII: the text is the value
	for i := start + 1; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			p.i = i + 1
			raw := b[start:p.i]
			if plain || !strings.Contains(raw, `\`) && utf8.ValidString(raw) { // encoding/json would replace invalid UTF-8
				return raw[1 : len(raw)-1], nil
			}
			var s string
			if err := json.Unmarshal([]byte(raw), &s); err != nil {
				return "", p.fail(err.Error())
			}
			return s, nil
		case c == '\\':
			plain = false
			i++
		case c < 0x20:
			p.i = i
			return "", p.fail("control character in a string")
		case c >= utf8.RuneSelf:
			plain = false
		}
	}
	p.i = len(b)
	return "", p.fail("unterminated string")
}

func (p *jsonParser) number() (any, error) {
	start := p.i
	for p.i < len(p.b) && isNumberByte(p.b[p.i]) {
		p.i++
	}
	n := json.Number(p.b[start:p.i])
	if !validNumber(string(n)) {
		return nil, p.fail("bad number")
	}
	return n, nil
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// validNumber reports whether s is a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func validNumber(s string) bool {
	i := 0
	digits := func() bool {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case !digits():
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(s)
}
