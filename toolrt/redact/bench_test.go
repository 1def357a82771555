package redact

import (
	"strings"
	"testing"
)

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
