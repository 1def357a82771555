package exec

import (
	"os"
	"testing"

	"github.com/toolgen/toolgen/toolrt/redact"
)

// BenchmarkReadAnswer turns the demo API's answer to the load benchmark's read (movie 42,
// 1.5 KB, nothing to redact) into the model's result: redaction, decoding, the text. It is
// the per-call part of toolrt that grows with the answer (docs/speed.md, Serving).
func BenchmarkReadAnswer(b *testing.B) {
	data, err := os.ReadFile("testdata/movie42.json")
	if err != nil {
		b.Fatal(err)
	}
	c := &Client{}
	red := redact.New(redact.Secret{Value: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl", Label: "[token]"})
	b.ReportAllocs()
	for b.Loop() {
		a := attempt{status: 200, data: data, size: len(data)}
		res := c.interpret(a, false, a.read(red))
		if res.Outcome != OK || len(res.Text) == 0 {
			b.Fatal(res)
		}
	}
}
