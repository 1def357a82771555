package redact

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
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

// percentAll writes every byte of s as %XX, hex in the given case.
func percentAll(s string, upper bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if upper {
			fmt.Fprintf(&b, "%%%02X", s[i])
		} else {
			fmt.Fprintf(&b, "%%%02x", s[i])
		}
	}
	return b.String()
}

// The spellings an API's echo takes besides escapes and base64: another case, hex and percent
// encoding, and those mixed with JSON escapes.
func TestStringRemovesCaseHexAndPercentForms(t *testing.T) {
	const pw = "pä$$ w/rd😀"
	set := New(Secret{jwt, "[token]"}, Secret{pw, "[password]"})
	for name, c := range map[string]struct{ text, secret string }{
		"upper-cased token":      {"INVALID TOKEN " + strings.ToUpper(jwt), jwt},
		"lower-cased token":      {strings.ToLower(jwt) + " was refused", jwt},
		"upper-cased password":   {strings.ToUpper(pw), pw},
		"hex token":              {"token=" + hex.EncodeToString([]byte(jwt)), jwt},
		"HEX token":              {strings.ToUpper(hex.EncodeToString([]byte("Bearer " + jwt))), jwt},
		"hex password":           {hex.EncodeToString([]byte(pw)), pw},
		"query-escaped password": {"https://api.example/cb?p=" + url.QueryEscape(pw) + "&x=1", pw},
		"path-escaped password":  {"/users/" + url.PathEscape(pw), pw},
		"every byte %xx":         {percentAll(jwt, false), jwt},
		"every byte %XX":         {percentAll(pw, true), pw},
		"query-escaped basic":    {url.QueryEscape(base64.StdEncoding.EncodeToString([]byte("user:" + pw))), pw},
	} {
		got := set.String(c.text)
		if got == c.text || strings.Contains(strings.ToLower(got), strings.ToLower(c.secret)) ||
			strings.Contains(strings.ToLower(got), hex.EncodeToString([]byte(c.secret))[:16]) || strings.Contains(got, "rd%F0") {
			t.Errorf("%s: %q still holds the secret", name, got)
		}
	}
}

// In a JSON answer the percent signs themselves may be escaped: decoding comes first.
func TestJSONRemovesEscapedPercentForms(t *testing.T) {
	const pw = "pä$$ w/rd😀"
	set := New(Secret{pw, "[password]"})
	in := `{"next":"https://api.example/cb?p=` + strings.ReplaceAll(url.QueryEscape(pw), "%", `\u0025`) + `","hex":"` + strings.ToUpper(hex.EncodeToString([]byte(pw))) + `"}`
	out, err := set.JSON([]byte(in))
	if want := `{"next":"https://api.example/cb?p=[password]","hex":"[password]"}`; err != nil || string(out) != want {
		t.Errorf("got  %s (%v)\nwant %s", out, err, want)
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
	// Percent signs, plus signs and hex that are not the secret stay as they are.
	for _, keep := range []string{"100% sure, 50%+ done", "%zz%4", "a+b", "68756e746572", "HUNTER2 2"} {
		if got := set.String(keep); got != keep {
			t.Errorf("%q became %q", keep, got)
		}
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

// answer24KB is a tool's answer at the runtime's 24,000-character cap: movie records with
// escapes, numbers and percent signs, the text every redaction pass scans.
func answer24KB() []byte {
	item := `{"id":"42","title":"The Matrix","plot":"A hacker learns \u00e9 the truth; 100% real","url":"https://example.com/m?q=the%20matrix","rating":8.7,"hash":"9f86d081884c7d65"},`
	return []byte(`{"data":{"movies":[` + strings.Repeat(item, 24000/len(item)-1) + `{}]}}`)
}

// BenchmarkJSON24KB is the redaction of one capped answer with a token and a password.
func BenchmarkJSON24KB(b *testing.B) {
	data := answer24KB()
	set := New(Secret{jwt, "[token]"}, Secret{"user123", "[password]"})
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := set.JSON(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkString24KB is String over the same answer as raw text (log excerpts, errors).
func BenchmarkString24KB(b *testing.B) {
	text := string(answer24KB())
	set := New(Secret{jwt, "[token]"}, Secret{"user123", "[password]"})
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		_ = set.String(text)
	}
}

// BenchmarkJSON24KBPlain is JSON over the same answer without escapes, the usual answer: the
// shortcut (plainJSON) against the token walk it skips.
func BenchmarkJSON24KBPlain(b *testing.B) {
	data := bytes.ReplaceAll(answer24KB(), []byte(`\u00e9`), []byte("é"))
	set := New(Secret{jwt, "[token]"}, Secret{"user123", "[password]"})
	for name, redact := range map[string]func([]byte) ([]byte, error){"shortcut": set.JSON, "walk": set.walkJSON} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := redact(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
