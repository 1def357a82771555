package jsonschema

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzWriteString holds writeString's plain-ASCII shortcut to encoding/json's output without
// HTML escaping, the form the token counts were measured on.
func FuzzWriteString(f *testing.F) {
	for _, s := range []string{"", "plain text", `say "hi"`, `a\b`, "line\nbreak", "tab\t", "<b>&</b>", "\x7f", "é", "\u2028", "\xff", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		writeString(&got, s)
		if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got.Bytes(), w) {
			t.Errorf("writeString(%q) = %s, want %s", s, got.Bytes(), w)
		}
	})
}
