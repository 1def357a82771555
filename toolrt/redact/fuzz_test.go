package redact

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strconv"
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
		// the new spellings: case, hex in both cases, percent-encoding (with + and a bad escape)
		`{"e":"` + strings.ToUpper(fuzzSecret) + `","h":"` + hex.EncodeToString([]byte(fuzzSecret)) + `"}`,
		strings.ToUpper(hex.EncodeToString([]byte(fuzzSecret))),
		"https://x/?t=" + percentAll(fuzzSecret, true) + "&s=%zz+%4", "%73%33CR3t%54%30KEN",
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

// FuzzString: no input panics, and no secret survives in any case, literally or in hex, nor
// once \u escapes or percent escapes are decoded.
func FuzzString(f *testing.F) {
	fuzzSeeds(f)
	set := New(Secret{fuzzSecret, "[token]"})
	lower, hexed := strings.ToLower(fuzzSecret), hex.EncodeToString([]byte(fuzzSecret))
	f.Fuzz(func(t *testing.T, data []byte) {
		out := set.String(string(data))
		if toolrttest.Leaks(out, fuzzSecret) || strings.Contains(strings.ToLower(out), hexed) ||
			strings.Contains(strings.ToLower(out), lower) || strings.Contains(strings.ToLower(unescapeAll(out)), lower) ||
			strings.Contains(strings.ToLower(unpercentAll(out)), lower) {
			t.Fatalf("secret in output %q", out)
		}
	})
}

// unescapeAll decodes every valid \uXXXX (an ASCII secret needs no surrogates) and leaves the rest.
func unescapeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+6 <= len(s) && s[i+1] == 'u' {
			if v, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
				b.WriteRune(rune(v))
				i += 5
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unpercentAll decodes every valid %XX and leaves the rest.
func unpercentAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// FuzzPlainJSON holds JSON's shortcut to the token walk it skips: whenever plainJSON answers,
// the walk answers the same bytes.
func FuzzPlainJSON(f *testing.F) {
	fuzzSeeds(f)
	for _, s := range []string{
		` { "data" : { "movie" : { "title" : "The Matrix", "year" : 1999, "rating" : 8.7e0 } } } `,
		`{"a":"é ü 日本 😀","b":[true,false,null,-0.5E+3,[]],"c":{}}`, "{\"a\":\"\u2028\"}",
		`{"t":"s3cr3tT0kex","p":"%73","q":"a+b"}`, `[1,2] `, `{"a":1,}`, `"<html>&amp;"`, "\"\x7f\"",
	} {
		f.Add([]byte(s))
	}
	set := New(Secret{fuzzSecret, "[token]"}, Secret{"hunter2!", "[password]"})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, s := range []*Set{set, nil} {
			plain, ok := s.plainJSON(data)
			if !ok {
				continue
			}
			walked, err := s.walkJSON(data)
			if err != nil || !bytes.Equal(plain, walked) {
				t.Fatalf("%q: plainJSON %q, the walk %q (%v)", data, plain, walked, err)
			}
		}
	})
}
