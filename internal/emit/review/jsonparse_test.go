package review

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"testing"
)

// tokenDecode is the review's former decoder, encoding/json's token reader: the oracle.
func tokenDecode(b []byte) (orderedObject, bool) {
	if !json.Valid(b) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	o, ok := v.(orderedObject)
	return o, ok
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		var o orderedObject
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			key, _ := k.(string)
			o = append(o, member{key, v})
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		var list []any
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := dec.Token()
		return list, err
	}
	return tok, nil
}

// FuzzOrderedObject holds the one-pass parser to encoding/json: the same members in the same
// order for valid JSON, and an error for what encoding/json refuses.
func FuzzOrderedObject(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1,"b":[true,false,null,{}],"c":{"d":"e\n\u00e9"}}`, ` { "x" : [ ] } `,
		`{"a":-1.5e+3}`, `{"a":"\ud83d\ude00"}`, "{\"a\":\"\xff\"}", `{"a":01}`, `{"a":1,}`, `[1]`, `{"a":1} x`, `{"a":"b\"c"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		want, wantOK := tokenDecode(b)
		var got orderedObject
		err := got.UnmarshalJSON(b)
		if (err == nil) != wantOK {
			t.Fatalf("%q: parser error %v, encoding/json ok %v", b, err, wantOK)
		}
		if wantOK && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n got %#v\nwant %#v", b, got, want)
		}
	})
}

// FuzzValidNumber holds the number grammar to encoding/json's on the bytes a number may hold.
func FuzzValidNumber(f *testing.F) {
	for _, s := range []string{"0", "-0", "01", "1.", ".5", "1e", "1e+5", "-1.5E-3", "+1", "--1", "1.2.3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if !isNumberByte(s[i]) {
				return
			}
		}
		if got, want := validNumber(s), json.Valid([]byte(s)); got != want {
			t.Errorf("validNumber(%q) = %v, want %v", s, got, want)
		}
	})
}
