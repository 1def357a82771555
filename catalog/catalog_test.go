package catalog

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func example(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../generated/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRoundTrip: the committed catalog parses and marshals back to the same bytes.
func TestRoundTrip(t *testing.T) {
	raw := example(t)
	c, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(raw), string(out)); diff != "" {
		t.Errorf("round trip (-file +marshal):\n%s", diff)
	}
	var names []string
	for _, tool := range c.ForRole("support") {
		names = append(names, tool.Name)
	}
	if diff := cmp.Diff([]string{"movie", "movies", "person", "search", "tvShow"}, names); diff != "" {
		t.Errorf("support's tools (-want +got):\n%s", diff)
	}
	if c.Tool("addWatchListItem") == nil || c.Tool("login") != nil {
		t.Error("Tool lookup is wrong")
	}
}

func TestParseRefuses(t *testing.T) {
	raw := string(example(t))
	cases := map[string]string{
		`"generatedBy": "toolgen"`: `"generatedBy": "other"`,
		`"encoding": "o200k_base"`: `"encoding": "cl100k_base"`,
		`"kind": "query"`:          `"kind": "subscription"`,
		`"approval": "required"`:   `"approval": "maybe"`,
		`"name": "movies"`:         `"name": "movie"`,
		`"generatedBy"`:            `"unknownKey": 1, "generatedBy"`,
	}
	for from, to := range cases {
		bad := strings.Replace(raw, from, to, 1)
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse accepted a catalog with %s", to)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"generatedBy":"toolgen","encoding":"o200k_base","roles":{},"tools":[]}`))
	f.Add([]byte(`{"generatedBy":"toolgen","encoding":"o200k_base","tools":[{"name":"a","kind":"query","approval":"none","operation":"q","operationName":"Q","inputSchema":{}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			return
		}
		for _, tool := range c.Tools {
			if tool.Name == "" || (tool.Kind != Query && tool.Kind != Mutation) || tool.Operation == "" {
				t.Fatalf("Parse accepted a malformed tool %+v", tool)
			}
		}
	})
}
