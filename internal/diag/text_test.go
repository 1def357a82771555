package diag

import (
	"bytes"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

func TestText(t *testing.T) {
	for _, c := range []struct{ in, out, diag string }{
		{in: "tools: {}\n", out: "tools: {}\n"},
		{in: "\ufefftools: {}\n", out: "tools: {}\n"},
		{in: "a\r\nb\r\n", out: "a\r\nb\r\n"},
		{in: "é\nab\xe9", diag: "f:2:3: byte 0xE9 is not UTF-8: the file is saved in another encoding (Latin-1 or Windows-1252, most likely); save it as UTF-8 (in an editor, or iconv -f WINDOWS-1252 -t UTF-8)"},
		{in: "\xff\xfea\x00", diag: "f: the file is saved as UTF-16, not UTF-8; save it as UTF-8 (in an editor, or iconv -f UTF-16 -t UTF-8)"},
		{in: "\xff\xfe\x00\x00a\x00\x00\x00", diag: "f: the file is saved as UTF-32, not UTF-8; save it as UTF-8 (in an editor, or iconv -f UTF-32 -t UTF-8)"},
		{in: "t\x00o\x00o\x00l\x00s\x00", diag: "f: the file is saved as UTF-16, not UTF-8; save it as UTF-8 (in an editor, or iconv -f UTF-16 -t UTF-8)"},
		{in: "tools: {}\nabc\x00", diag: "f:2:4: the file holds a NUL byte, so it is not a text file; remove the NUL bytes, or check that this is the file you meant"},
	} {
		out, d := Text("f", []byte(c.in))
		got := ""
		if d != nil {
			got = d.String()
		}
		if got != c.diag || (d == nil && !bytes.Equal(out, []byte(c.out))) {
			t.Errorf("Text(%q) = %q, %q; want %q, %q", c.in, out, got, c.out, c.diag)
		}
	}
}

// FuzzText: any bytes give either text that is valid UTF-8 without NUL, or a diagnostic.
func FuzzText(f *testing.F) {
	f.Add([]byte("\ufefftools:\n"))
	f.Add([]byte("\xff\xfea\x00"))
	f.Add([]byte("ab\xe9\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, d := Text("f", b)
		if d != nil {
			if d.File != "f" || d.Message == "" || d.Fix == "" {
				t.Fatalf("incomplete diagnostic %+v", d)
			}
			return
		}
		if bytes.IndexByte(out, 0) >= 0 || !bytes.Equal(out, bytes.ToValidUTF8(out, nil)) || bytes.HasPrefix(out, utf8BOM) && !bytes.HasPrefix(b, append(utf8BOM, utf8BOM...)) {
			t.Fatalf("Text(%q) = %q", b, out)
		}
	})
}

// TestJSONIsNotGraphQL: a request body saved where an operation belongs says so, and GraphQL's
// own shorthand { movies { id } } is not mistaken for it.
func TestJSONIsNotGraphQL(t *testing.T) {
	e := &gqlerror.Error{Message: "Expected Name, found String", Locations: []gqlerror.Location{{Line: 1, Column: 2}}}
	if d := FromGraphQL("o.graphql", `{"query": "query { movies { id } }"}`, e, "fallback"); !strings.Contains(d.Fix, "looks like JSON") {
		t.Errorf("JSON body: fix %q", d.Fix)
	}
	if d := FromGraphQL("o.graphql", `{ "movies" }`+"\n", e, "fallback"); !strings.Contains(d.Fix, "looks like JSON") {
		t.Errorf("JSON-like: fix %q", d.Fix)
	}
	if d := FromGraphQL("o.graphql", `{ movies(title: "x" }`, e, "fallback"); d.Fix != "fallback" {
		t.Errorf("GraphQL shorthand: fix %q", d.Fix)
	}
}
