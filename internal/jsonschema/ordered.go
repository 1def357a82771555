package jsonschema

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Object is a JSON object that keeps its keys in insertion order: the order of keys is part of
// the catalog (it is what the model reads and what the token count measures).
type Object []Member

// Member is one key of an Object.
type Member struct {
	Key   string
	Value any // string, bool, int, json.Number, json.RawMessage, []any, []string, Object, nil
}

// Set replaces the value of key in place, or appends the key when it is absent.
func (o Object) Set(key string, v any) Object {
	for i := range o {
		if o[i].Key == key {
			o[i].Value = v
			return o
		}
	}
	return append(o, Member{key, v})
}

// insertBefore inserts m before the member named key, or appends it when key is absent.
func (o Object) insertBefore(key string, m Member) Object {
	for i := range o {
		if o[i].Key == key {
			return append(o[:i], append(Object{m}, o[i:]...)...)
		}
	}
	return append(o, m)
}

// Compact renders the object as compact JSON without HTML escaping.
func (o Object) Compact() []byte { return Compact(o) }

// Compact renders any value this package builds as compact JSON without HTML escaping.
func Compact(v any) []byte {
	var buf bytes.Buffer
	writeValue(&buf, v)
	return buf.Bytes()
}

func writeValue(buf *bytes.Buffer, v any) {
	switch v := v.(type) {
	case nil:
		buf.WriteString("null")
	case Object:
		buf.WriteByte('{')
		for i, m := range v {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, m.Key)
			buf.WriteByte(':')
			writeValue(buf, m.Value)
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeValue(buf, x)
		}
		buf.WriteByte(']')
	case []string:
		items := make([]any, len(v))
		for i, s := range v {
			items[i] = s
		}
		writeValue(buf, items)
	case string:
		writeString(buf, v)
	case bool:
		buf.WriteString(strconv.FormatBool(v))
	case int:
		buf.WriteString(strconv.Itoa(v))
	case json.Number:
		buf.WriteString(v.String())
	case json.RawMessage:
		buf.Write(v)
	}
}

// writeString writes s as a JSON string; HTML characters stay as they are, like the seed's
// Jackson output that the token counts were measured on.
func writeString(buf *bytes.Buffer, s string) {
	if plainASCII(s) { // most keys and descriptions: encoding/json would write them unchanged
		buf.WriteByte('"')
		buf.WriteString(s)
		buf.WriteByte('"')
		return
	}
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a Go string always encodes
	buf.Write(bytes.TrimRight(tmp.Bytes(), "\n"))
}

// plainASCII reports whether s is printable ASCII without a quote or backslash: the strings
// encoding/json leaves as they are.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
