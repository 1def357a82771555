package catalogfiles

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
)

func TestStandaloneKeepsKeyOrder(t *testing.T) {
	tool := catalog.Tool{Name: "movie", Description: `Find <one> & "only" one.`,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}`)}
	got, err := standalone(tool)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "movie",
  "description": "Find <one> & \"only\" one.",
  "type": "object",
  "properties": {
    "id": {
      "type": "string"
    }
  },
  "required": [
    "id"
  ],
  "additionalProperties": false
}
`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestStandaloneOfAnEmptyObject(t *testing.T) {
	got, err := standalone(catalog.Tool{Name: "t", InputSchema: json.RawMessage(`{}`)})
	if err != nil || !json.Valid(got) || strings.Contains(string(got), ",}") {
		t.Errorf("%v: %s", err, got)
	}
	if _, err := standalone(catalog.Tool{Name: "t", InputSchema: json.RawMessage(`[]`)}); err == nil {
		t.Error("a non-object input schema was accepted")
	}
}
