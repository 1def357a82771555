package review

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	goldhtml "github.com/yuin/goldmark/renderer/html"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile/compiletest"
)

// breakouts are texts that try to end the code block or block quote CATALOG.md puts them in and
// add Markdown of their own: an image that loads from another host when a reviewer opens the
// page, and a link whose text hides its address (GFM's autolink of a bare address, which shows
// it, is not one).
var breakouts = []string{
	"\n```\n![PIXEL](https://evil.example/p.png)\n[click](https://evil.example/x)\n```\n",
	"\n````````\n![PIXEL](https://evil.example/p.png)\n````````\n",
	"\n~~~\n![PIXEL](https://evil.example/p.png)\n~~~\n",
	"\n   ```\n<img src=\"https://evil.example/p.png\">\n",
	"\r```\r![PIXEL](https://evil.example/p.png)\r",
	"\u2028```\u2028![PIXEL](https://evil.example/p.png)",
}

// TestFencesCannotBeBrokenOut: an override's operation (a hand-written tool-selections file: in
// a comment, a string or a block string) and every text a person or the schema wrote, holding
// ``` or ~~~ fences, stays inside its code block or quote: the rendered page has no image and no
// link whose text is not its address, and the address shows.
func TestFencesCannotBeBrokenOut(t *testing.T) {
	places := map[string]func(c *catalog.Catalog, s string){
		"operation comment": func(c *catalog.Catalog, s string) {
			c.Tools[0].Operation = "# " + strings.NewReplacer("\r", "\n# ", "\n", "\n# ").Replace(s) + "\n" + c.Tools[0].Operation
		},
		"operation block string": func(c *catalog.Catalog, s string) {
			c.Tools[0].Operation = `query Q @doc(text: """` + s + `""") { a }`
		},
		"operation string": func(c *catalog.Catalog, s string) {
			c.Tools[0].Operation = fmt.Sprintf(`query Q @doc(text: %q) { a }`, s)
		},
		"operation untokenizable": func(c *catalog.Catalog, s string) { c.Tools[0].Operation = "query Q { \"" + s },
		"description":             func(c *catalog.Catalog, s string) { c.Tools[0].Description = s },
		"title":                   func(c *catalog.Catalog, s string) { c.Tools[0].Title = s },
		"note":                    func(c *catalog.Catalog, s string) { c.Tools[0].Notes = []string{s} },
		"reason":                  func(c *catalog.Catalog, s string) { c.Tools[0].Review.Reason = s },
		"input description": func(c *catalog.Catalog, s string) {
			c.Tools[0].InputSchema = describeInputs(t, c.Tools[0].InputSchema, s)
		},
	}
	for place, set := range places {
		for i, s := range breakouts {
			t.Run(fmt.Sprintf("%s/%d", place, i), func(t *testing.T) {
				c := compiletest.Compile(t, compiletest.Example)
				set(c, s)
				out := renderHTML(t, render(t, c))
				if strings.Contains(out, "<img") {
					t.Errorf("the %s %q renders an image:\n%s", place, s, excerpt(out, "evil.example"))
				}
				for _, m := range anchorTag.FindAllStringSubmatch(out, -1) {
					if m[1] != m[2] { // GFM's autolink shows its address: not hidden
						t.Errorf("the %s %q renders a link to %s shown as %q", place, s, m[1], m[2])
					}
				}
				if !strings.Contains(out, "evil.example") {
					t.Errorf("the %s %q does not show its address", place, s)
				}
			})
		}
	}
}

// anchorTag is a link to another page (not the page's own #anchors and schemas/ files), with
// its address and the text that shows.
var anchorTag = regexp.MustCompile(`<a href="([^#s][^"]*)"[^>]*>(.*?)</a>`)

func renderHTML(t *testing.T, md []byte) string {
	t.Helper()
	var out bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(goldhtml.WithUnsafe()))
	if err := gm.Convert(md, &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func excerpt(s, near string) string {
	i := strings.Index(s, near)
	if i < 0 {
		return ""
	}
	return s[max(0, i-300):min(len(s), i+200)]
}
