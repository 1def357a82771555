package args

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// FuzzArgs drives untrusted argument bytes through every step before the request is built:
// parse, repair, validate, encode. Whatever the input, nothing may panic, every refusal is a
// structured *Error that does not echo the input, and whatever is accepted encodes to JSON that
// parses back to the same document.
func FuzzArgs(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"}}`,
		`{"watchListId":"1","titleId":"42","titleType":"MOVIE"}`, `{"a":1,"a":2}`,
		`{"n":1e400,"m":-0.0}`, "{\"s\":\"\\u202e\\ud800\"}", `[[[[]]]]`,
		`{"meta":null,"first":null,"filter":{"name":null,"and":[null]},"matrix":[[2147483648]]}`,
		`{"id":42,"ids":[1,"2",-0,1.5,1e3,true,null]}`, `{"id":123456789012345678901234567890,"input":{"ownerId":7}}`,
		`{"meta":1,"frist":1,"filter":{"name":"n","data":1,"and":[{"typ":1}]},"by":{"emial":"x"}}`,
	} {
		f.Add([]byte(seed))
	}
	s, err := Compile("add", json.RawMessage(addSchema), nil)
	if err != nil {
		f.Fatal(err)
	}
	items, err := Compile("items", json.RawMessage(itemsSchema), itemsVars)
	if err != nil {
		f.Fatal(err)
	}
	ids, err := Compile("ids", json.RawMessage(idsSchema), idsVars)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		v, err := Parse(raw)
		if err != nil {
			checkRefusal(t, err, raw)
			return
		}
		if err := items.Validate(v); err != nil { // null and Int checks from the operation's types
			checkRefusal(t, err, raw)
		}
		checkIDs(t, ids, v, raw)
		v, _ = s.Repair(v, "input")
		if err := s.Validate(v); err != nil {
			checkRefusal(t, err, raw)
		}
		enc, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("accepted arguments do not encode: %v", err)
		}
		again, err := Parse(enc)
		if err != nil {
			t.Fatalf("encoded arguments %s do not parse again: %v", enc, err)
		}
		enc2, _ := json.Marshal(again)
		if !bytes.Equal(enc, enc2) {
			t.Fatalf("round trip changed the arguments:\n%s\n%s", enc, enc2)
		}
	})
}

// checkIDs: converting integer IDs leaves its argument alone, changes only the ID variable
// (a number into its own digits), and what it gives validates like anything else.
func checkIDs(t *testing.T, s *Schema, v map[string]any, raw []byte) {
	t.Helper()
	before, _ := json.Marshal(v)
	got, _ := s.CoerceIDs(v)
	if after, _ := json.Marshal(v); !bytes.Equal(before, after) {
		t.Fatalf("CoerceIDs changed its argument:\n%s\n%s", before, after)
	}
	for k, x := range got {
		old, _ := json.Marshal(v[k])
		now, _ := json.Marshal(x)
		if k != "id" && k != "ids" && !bytes.Equal(old, now) {
			t.Fatalf("CoerceIDs changed %q, not an ID variable: %s to %s", k, old, now)
		}
		if n, ok := v[k].(json.Number); ok && k == "id" && x != string(n) && !(n == "-0" && x == "0") {
			if str, isString := x.(string); isString {
				t.Fatalf("CoerceIDs wrote %q for %s", str, n)
			}
		}
	}
	if err := s.Validate(got); err != nil {
		checkRefusal(t, err, raw)
	}
}

func checkRefusal(t *testing.T, err error, raw []byte) {
	t.Helper()
	var ae *Error
	if !errors.As(err, &ae) || len(ae.Problems) == 0 {
		t.Fatalf("refusal %v is not a structured *Error", err)
	}
	if text := ae.JSON(); len(raw) > 2000 && len(text) > 2000 {
		t.Fatalf("a refusal of %d bytes is %d bytes long: it echoes the input", len(raw), len(text))
	}
}
