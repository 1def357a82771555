package toolrt

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
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
	key := func(run, caller, vars string) string {
		_, rest := splitModelText(json.RawMessage(textSchema), json.RawMessage(vars))
		return idempotencyKey(run, caller, "t", rest)
	}
	a := key("run-1", "", `{"input":{"watchListId":"1","reason":"x"}}`)
	if a != key("run-1", "", `{"input":{"watchListId":"1","reason":"y"}}`) {
		t.Error("another note changed the key")
	}
	for _, other := range []string{key("run-2", "", `{"input":{"watchListId":"1","reason":"x"}}`), key("run-1", "", `{"input":{"watchListId":"2","reason":"x"}}`)} {
		if other == a {
			t.Error("another run or another target kept the key")
		}
	}
	// Without a caller the key is the one stores already hold: each part length-prefixed.
	rest := `{"input":{"watchListId":"1"}}`
	old := sha256.Sum256([]byte(fmt.Sprintf("5:run-11:t%d:%s", len(rest), rest)))
	if a != hex.EncodeToString(old[:]) {
		t.Errorf("the key without a caller changed: %s, was %x", a, old)
	}
}

// A run acting for a caller keeps its retries' key, and two callers never share one, even
// under the same run id.
func TestIdempotencyKeySeparatesCallers(t *testing.T) {
	t.Parallel()
	rest := []byte(`{"input":{"watchListId":"1"}}`)
	alice := idempotencyKey("run-1", "https://iss#alice", "t", rest)
	if alice != idempotencyKey("run-1", "https://iss#alice", "t", rest) {
		t.Error("a retry for the same caller changed the key")
	}
	for _, other := range []string{idempotencyKey("run-1", "https://iss#mallory", "t", rest), idempotencyKey("run-1", "", "t", rest)} {
		if other == alice {
			t.Error("another caller, or none, kept alice's key")
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
