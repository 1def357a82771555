package redact

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
)

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl"

// escapeAll writes every character of s as \uXXXX, with hex in the given case.
func escapeAll(s string, upper bool) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		if upper {
			fmt.Fprintf(&b, `\u%04X`, u)
		} else {
			fmt.Fprintf(&b, `\u%04x`, u)
		}
	}
	return b.String()
}

// escapeMix escapes every other character.
func escapeMix(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i%2 == 0 {
			fmt.Fprintf(&b, `\u%04x`, r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestStringRemovesEveryForm(t *testing.T) {
	set := New(Secret{jwt, "[token]"}, Secret{"pä$$w/rd😀", "[password]"})
	for name, text := range map[string]string{
		"literal":          "Authorization: Bearer " + jwt,
		"escaped lower":    "echo " + escapeAll(jwt, false) + " end",
		"escaped upper":    escapeAll(jwt, true),
		"escaped mix":      "x" + escapeMix(jwt) + "y",
		"password escaped": escapeAll("pä$$w/rd😀", false),
		"password slash":   `pä$$w\/rd😀`,
		"std base64":       base64.StdEncoding.EncodeToString([]byte("Bearer " + jwt)),
		"url base64":       base64.URLEncoding.EncodeToString([]byte("x" + jwt)),
		"raw base64":       base64.RawStdEncoding.EncodeToString([]byte("ab" + jwt + "cd")),
		"basic auth":       "Basic " + base64.StdEncoding.EncodeToString([]byte("user:pä$$w/rd😀")),
	} {
		got := set.String(text)
		if strings.Contains(got, jwt) || strings.Contains(got, "rd😀") || got == text {
			t.Errorf("%s: %q still holds the secret", name, got)
		}
	}
}

func TestStringKeepsOtherText(t *testing.T) {
	set := New(Secret{"hunter22", "[password]"})
	text := `{"title":"The Matrix","note":"hunter2 is not the password"}`
	if got := set.String(text); got != text {
		t.Errorf("changed text without the secret: %q", got)
	}
	if got := set.String("a hunter22 b"); got != "a [password] b" {
		t.Errorf("got %q", got)
	}
	if got := (*Set)(nil).String("x"); got != "x" {
		t.Errorf("nil set changed text: %q", got)
	}
}

func TestBase64CoresAtEveryAlignment(t *testing.T) {
	set := New(Secret{"correct horse battery", "[password]"})
	for pre := range 3 {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
			text := enc.EncodeToString([]byte(strings.Repeat("z", pre) + "correct horse battery" + "!"))
			got := set.String(text)
			if !strings.Contains(got, "[password]") {
				t.Errorf("prefix %d: %q not redacted", pre, text)
			}
			// What is left is at most the characters the neighbours share with the secret.
			if rest := len(strings.ReplaceAll(got, "[password]", "")); rest > 6 {
				t.Errorf("prefix %d: %d characters left around the secret: %q", pre, rest, got)
			}
		}
	}
}

func TestJSONRedactsDecodedStringsAndKeepsOrder(t *testing.T) {
	set := New(Secret{jwt, "[token]"})
	in := `{"z": 1.50, "errors": [{"message": "header ` + escapeAll("Bearer "+jwt, false) + `"}], "` + escapeMix(jwt) + `": true, "a": null, "html": "<&>"}`
	out, err := set.JSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":1.50,"errors":[{"message":"header Bearer [token]"}],"[token]":true,"a":null,"html":"<&>"}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	// A string that itself holds escaped JSON: the escapes survive one decoding.
	twice, _ := json.Marshal(map[string]string{"echo": escapeAll(jwt, true)})
	out, err = set.JSON(twice)
	if err != nil || strings.Contains(string(out), "eyJ") || !strings.Contains(string(out), "[token]") {
		t.Errorf("double-escaped echo: %s (%v)", out, err)
	}
}

func TestJSONRefusesWhatIsNotOneValue(t *testing.T) {
	for _, in := range []string{"", "{} {}", "{", `{"a":}`, "not json", "[1,2"} {
		if out, err := New().JSON([]byte(in)); err == nil {
			t.Errorf("%q: accepted as %q", in, out)
		}
	}
}

// A 128 KiB response (the runtime's cap) with a token and a password to look for: the cost
// every tool result pays.
func BenchmarkJSON128KiB(b *testing.B) {
	item := `{"id":"42","title":"The Matrix","plot":"A hacker learns \u00e9 the truth","rating":8.7},`
	data := []byte(`{"data":{"movies":[` + strings.Repeat(item, 131072/len(item)-1) + `{}]}}`)
	set := New(Secret{jwt, "[token]"}, Secret{"user123", "[password]"})
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := set.JSON(data); err != nil {
			b.Fatal(err)
		}
	}
}
