package redact

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

const fuzzSecret = "s3cr3tT0ken"

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		`{"data":{"echo":"` + escapeAll(fuzzSecret, false) + `"}}`,
		`{"errors":[{"message":"` + escapeMix(fuzzSecret) + `"}],"data":null}`,
		`["\ud83d\ude00", "\uD800", "\\u0073", 1e400, -0, true]`,
		`{"a":{"b":[[[{"c":"` + fuzzSecret + `"}]]]}}`,
		"\xff\xfe", `"\u00`, `{"k":"v"}{"k":"v"}`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzJSON: no input panics; what comes out is one valid JSON value with no string that
// holds the secret, before or after decoding.
func FuzzJSON(f *testing.F) {
	fuzzSeeds(f)
	set := New(Secret{fuzzSecret, "[token]"})
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := set.JSON(data)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("invalid output %q from %q", out, data)
		}
		if strings.Contains(string(out), fuzzSecret) {
			t.Fatalf("secret in output %q", out)
		}
		var v any
		dec := json.NewDecoder(bytes.NewReader(out))
		dec.UseNumber() // 1e400 is valid JSON but no float64
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		walk(t, v)
	})
}

func walk(t *testing.T, v any) {
	switch v := v.(type) {
	case string:
		if strings.Contains(v, fuzzSecret) {
			t.Fatalf("secret in decoded string %q", v)
		}
	case []any:
		for _, e := range v {
			walk(t, e)
		}
	case map[string]any:
		for k, e := range v {
			walk(t, k)
			walk(t, e)
		}
	}
}

// FuzzString: no input panics, and no secret survives, literally or once \u escapes are decoded.
func FuzzString(f *testing.F) {
	fuzzSeeds(f)
	set := New(Secret{fuzzSecret, "[token]"})
	f.Fuzz(func(t *testing.T, data []byte) {
		if out := set.String(string(data)); toolrttest.Leaks(out, fuzzSecret) {
			t.Fatalf("secret in output %q", out)
		}
	})
}
