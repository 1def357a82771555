package toolrt

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const textSchema = `{"type":"object","$defs":{"Note":{"type":"object","properties":{"text":{"type":"string"},"lang":{"type":"string","enum":["en","de"]}}}},
 "properties":{"input":{"type":"object","properties":{
   "watchListId":{"type":"string"},"titleIds":{"type":"array","items":{"type":"string"}},"reason":{"type":"string"},
   "when":{"type":"string","format":"date-time"},"code":{"type":"string","pattern":"^[A-Z]+$"},
   "notes":{"type":"array","items":{"$ref":"#/$defs/Note"}},"count":{"type":"integer"}}}}}`

func TestSplitModelText(t *testing.T) {
	t.Parallel()
	vars := `{"input":{"code":"AB","count":12345678901234567890,"notes":[{"lang":"en","text":"first"},{"text":"second"}],"reason":"the user said so","titleIds":["1","2"],"watchListId":"7","when":"2026-01-01T00:00:00Z"}}`
	found, rest := splitModelText(json.RawMessage(textSchema), json.RawMessage(vars))
	want := []ModelText{{"input.notes[0].text", "first"}, {"input.notes[1].text", "second"}, {"input.reason", "the user said so"}}
	if diff := cmp.Diff(want, found); diff != "" {
		t.Errorf("model text (-want +got):\n%s", diff)
	}
	wantRest := `{"input":{"code":"AB","count":12345678901234567890,"notes":[{"lang":"en"},{}],"titleIds":["1","2"],"watchListId":"7","when":"2026-01-01T00:00:00Z"}}`
	if string(rest) != wantRest {
		t.Errorf("rest:\n got %s\nwant %s", rest, wantRest)
	}
}

func TestIdempotencyKeyIgnoresOnlyModelText(t *testing.T) {
	t.Parallel()
	key := func(run, vars string) string {
		_, rest := splitModelText(json.RawMessage(textSchema), json.RawMessage(vars))
		return idempotencyKey(run, "t", rest)
	}
	a := key("run-1", `{"input":{"watchListId":"1","reason":"x"}}`)
	if a != key("run-1", `{"input":{"watchListId":"1","reason":"y"}}`) {
		t.Error("another note changed the key")
	}
	for _, other := range []string{key("run-2", `{"input":{"watchListId":"1","reason":"x"}}`), key("run-1", `{"input":{"watchListId":"2","reason":"x"}}`)} {
		if other == a {
			t.Error("another run or another target kept the key")
		}
	}
}

// FuzzSplitModelText: any schema and variables, no panic; the rest is JSON.
func FuzzSplitModelText(f *testing.F) {
	f.Add(textSchema, `{"input":{"reason":"x","notes":[{"text":"t"}]}}`)
	f.Add(`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`, `{"a":[1,{"b":null}]}`)
	f.Add(`[]`, `"x"`)
	f.Fuzz(func(t *testing.T, schema, vars string) {
		_, rest := splitModelText(json.RawMessage(schema), json.RawMessage(vars))
		if json.Valid([]byte(vars)) && !json.Valid(rest) {
			t.Errorf("rest %q is not JSON", rest)
		}
	})
}
