package args

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// addSchema is addWatchListItem's input schema as the compiler writes it: one input-object
// variable reached through $defs.
const addSchema = `{"type":"object","properties":{"input":{"$ref":"#/$defs/AddWatchListItemInput"}},"required":["input"],"additionalProperties":false,
"$defs":{"AddWatchListItemInput":{"type":"object","properties":{"watchListId":{"type":"string"},"titleId":{"type":"string"},
"titleType":{"type":"string","enum":["MOVIE","TV_SHOW"]},"userNotes":{"type":"string"}},"required":["watchListId","titleId","titleType"],"additionalProperties":false}}}`

// pageSchema has two variables, so nothing may be wrapped.
const pageSchema = `{"type":"object","properties":{"page":{"type":"integer","default":0},"size":{"type":"integer"},"name":{"type":"string","pattern":"^[a-z]+$"}},"additionalProperties":false}`

func mustCompile(t testing.TB, schema string) *Schema {
	t.Helper()
	s, err := Compile("t", json.RawMessage(schema), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, in string
		code     string // "" means accepted
		path     string
	}{
		{"empty means no arguments", "", "", ""},
		{"object", `{"id":"42"}`, "", ""},
		{"not an object", `[1]`, CodeInvalidJSON, ""},
		{"trailing data", `{} {}`, CodeInvalidJSON, ""},
		{"truncated", `{"a":`, CodeInvalidJSON, "/a"},
		{"syntax", `{"a":tru}`, CodeInvalidJSON, "/a"},
		{"duplicate key", `{"a":1,"a":2}`, CodeDuplicateKey, "/a"},
		{"nested duplicate", `{"input":{"b":[{"c":1,"c":1}]}}`, CodeDuplicateKey, "/input/b/0/c"},
		{"depth 32 accepted", strings.Repeat(`{"a":`, 32) + "1" + strings.Repeat("}", 32), "", ""},
		{"depth 33 refused", strings.Repeat(`{"a":`, 33) + "1" + strings.Repeat("}", 33), CodeTooDeep, "/a" + strings.Repeat("/a", 31)},
		{"deep arrays refused", `{"a":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "}", CodeTooDeep, "/a" + strings.Repeat("/0", 31)},
		{"too large", `{"a":"` + strings.Repeat("x", MaxBytes) + `"}`, CodeTooLarge, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in))
			var ae *Error
			switch {
			case tt.code == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.code == "":
				return
			case !errors.As(err, &ae):
				t.Fatalf("err = %v, want *Error %s", err, tt.code)
			}
			if diff := cmp.Diff([]string{tt.code, tt.path}, []string{ae.Code, ae.Problems[0].Path}); diff != "" {
				t.Errorf("code, path (-want +got):\n%s", diff)
			}
			if len(ae.JSON()) > 600 {
				t.Errorf("error text is %d bytes: it must not echo the input", len(ae.JSON()))
			}
		})
	}
}

func TestParseKeepsNumbersExact(t *testing.T) {
	v, err := Parse([]byte(`{"n":12345678901234567890,"f":0.1000000000000000055511151231257827}`))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(v)
	want := `{"f":0.1000000000000000055511151231257827,"n":12345678901234567890}`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestRepair(t *testing.T) {
	add := mustCompile(t, addSchema)
	page := mustCompile(t, pageSchema)
	tests := []struct {
		name   string
		s      *Schema
		single string
		in     string
		want   string
		wraps  bool
	}{
		{"flattened fields are wrapped", add, "input", `{"watchListId":"1","titleId":"42","titleType":"MOVIE"}`, `{"input":{"titleId":"42","titleType":"MOVIE","watchListId":"1"}}`, true},
		{"one field is enough", add, "input", `{"titleId":"42"}`, `{"input":{"titleId":"42"}}`, true},
		{"already wrapped", add, "input", `{"input":{"titleId":"42"}}`, `{"input":{"titleId":"42"}}`, false},
		{"wrapped plus a stray field", add, "input", `{"input":{},"titleId":"42"}`, `{"input":{},"titleId":"42"}`, false},
		{"unknown field: ambiguous", add, "input", `{"titleId":"42","userId":"7"}`, `{"titleId":"42","userId":"7"}`, false},
		{"empty: nothing to wrap", add, "input", `{}`, `{}`, false},
		{"no single object argument", page, "", `{"page":1}`, `{"page":1}`, false},
		{"catalog names a variable the schema lacks", page, "input", `{"page":1}`, `{"page":1}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			got, wrapped := tt.s.Repair(v, tt.single)
			b, _ := json.Marshal(got)
			if diff := cmp.Diff(tt.want, string(b)); diff != "" || wrapped != tt.wraps {
				t.Errorf("wrapped %v, want %v; arguments (-want +got):\n%s", wrapped, tt.wraps, diff)
			}
		})
	}
}

func TestRepairInlineObject(t *testing.T) {
	s := mustCompile(t, `{"type":"object","properties":{"filter":{"type":"object","properties":{"genre":{"type":"string"}}}}}`)
	got, wrapped := s.Repair(map[string]any{"genre": "DRAMA"}, "filter")
	if !wrapped || got["filter"] == nil {
		t.Errorf("inline input object not wrapped: %v", got)
	}
}

func TestValidate(t *testing.T) {
	add := mustCompile(t, addSchema)
	page := mustCompile(t, pageSchema)
	long := strings.Repeat("X", 5000)
	tests := []struct {
		name string
		s    *Schema
		in   string
		want []Problem
	}{
		{"valid", add, `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"}}`, nil},
		{"missing and wrong enum", add, `{"input":{"titleId":"42","titleType":"FILM"}}`, []Problem{
			{Path: "/input", Message: `missing required properties "watchListId"`},
			{Path: "/input/titleType", Message: "value must be one of 'MOVIE', 'TV_SHOW'"},
		}},
		{"unknown property", add, `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"},"userId":"7"}`, []Problem{
			{Path: "", Message: `unknown property "userId"; remove it`},
		}},
		{"wrong type, exact number", page, `{"page":1.5,"size":"ten"}`, []Problem{
			{Path: "/page", Message: "got number, want integer"},
			{Path: "/size", Message: "got string, want integer"},
		}},
		{"pattern does not echo the value", page, `{"name":"` + long + `"}`, []Problem{
			{Path: "/name", Message: "the value does not match the pattern ^[a-z]+$"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			err = tt.s.Validate(v)
			var got []Problem
			var ae *Error
			if errors.As(err, &ae) {
				got = ae.Problems
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCompileRefusesExternalRefs(t *testing.T) {
	_, err := Compile("t", json.RawMessage(`{"$ref":"file:///etc/passwd"}`), nil)
	if err == nil {
		t.Fatal("a schema with an external $ref compiled")
	}
}
