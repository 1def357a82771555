// Package args checks the raw JSON arguments a model sends for one tool call, before anything
// is sent: a size cap, a strict decode (exact numbers, no duplicate keys, bounded depth), the
// safe repair of a flattened single input object, GraphQL's coercion of an integer ID variable
// to its string, and validation against the tool's JSON Schema. Every refusal is an *Error whose
// text names JSON-pointer paths and never echoes large values.
package args

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Limits on untrusted argument documents.
const (
	MaxBytes = 64 << 10 // checked before parsing, so a huge document costs nothing
	MaxDepth = 32       // objects and arrays nested deeper than this are refused
)

// Parse decodes raw arguments into a JSON object. Numbers stay json.Number so that
// 12345678901234567890 reaches the server exactly as the model wrote it; a duplicate key is an
// error because two decoders could disagree on which value wins. Empty input means {}.
func Parse(raw []byte) (map[string]any, error) {
	if len(raw) > MaxBytes {
		return nil, newError(CodeTooLarge, "", fmt.Sprintf("arguments are %d bytes; the limit is %d", len(raw), MaxBytes))
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	p := parser{dec: dec}
	v, err := p.value("", 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, newError(CodeInvalidJSON, "", "unexpected data after the JSON value")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, newError(CodeInvalidJSON, "", "arguments must be a JSON object")
	}
	return obj, nil
}

// parser walks the token stream so that depth and duplicate keys are seen while decoding.
type parser struct {
	dec *json.Decoder
}

func (p *parser) value(path string, depth int) (any, error) {
	tok, err := p.dec.Token()
	if err != nil {
		return nil, syntaxError(path, err)
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return tok, nil // string, json.Number, bool or nil
	}
	if depth+1 > MaxDepth {
		return nil, newError(CodeTooDeep, path, fmt.Sprintf("nesting is deeper than %d levels", MaxDepth))
	}
	switch delim {
	case '{':
		return p.object(path, depth+1)
	case '[':
		return p.array(path, depth+1)
	}
	return nil, newError(CodeInvalidJSON, path, "unexpected "+string(delim))
}

func (p *parser) object(path string, depth int) (map[string]any, error) {
	obj := map[string]any{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return nil, syntaxError(path, err)
		}
		key, ok := tok.(string)
		if !ok { // the decoder already refuses this; kept so a change there cannot panic here
			return nil, newError(CodeInvalidJSON, path, "object key is not a string")
		}
		child := path + "/" + Escape(key)
		if _, dup := obj[key]; dup {
			return nil, newError(CodeDuplicateKey, child, "the key appears more than once")
		}
		v, err := p.value(child, depth)
		if err != nil {
			return nil, err
		}
		obj[key] = v
	}
	if _, err := p.dec.Token(); err != nil { // the closing brace
		return nil, syntaxError(path, err)
	}
	return obj, nil
}

func (p *parser) array(path string, depth int) ([]any, error) {
	arr := []any{}
	for i := 0; p.dec.More(); i++ {
		v, err := p.value(fmt.Sprintf("%s/%d", path, i), depth)
		if err != nil {
			return nil, err
		}
		arr = append(arr, v)
	}
	if _, err := p.dec.Token(); err != nil { // the closing bracket
		return nil, syntaxError(path, err)
	}
	return arr, nil
}

// syntaxError reports where decoding stopped; the decoder's message quotes at most one
// character of the input, so nothing large is echoed.
func syntaxError(path string, err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return newError(CodeInvalidJSON, path, "the JSON ends too early")
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return newError(CodeInvalidJSON, path, fmt.Sprintf("invalid JSON at byte %d: %s", se.Offset, clip(se.Error(), 80)))
	}
	return newError(CodeInvalidJSON, path, "invalid JSON")
}

// Escape encodes one JSON-pointer reference token (RFC 6901), clipped so a huge key is not echoed.
func Escape(tok string) string {
	tok = strings.ReplaceAll(tok, "~", "~0")
	tok = strings.ReplaceAll(tok, "/", "~1")
	return clip(tok, 64)
}

// clip shortens s to at most n runes, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
