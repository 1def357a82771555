package args

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// idsSchema is query($id: ID!, $ids: [ID!], $name: String, $input: In) where In has an ID
// field, which the catalog writes as a plain string like the String one.
const idsSchema = `{"type":"object","properties":{"id":{"type":"string"},
"ids":{"type":"array","items":{"type":"string"}},"name":{"type":"string"},
"input":{"type":"object","properties":{"ownerId":{"type":"string"}},"additionalProperties":false}},
"required":["id"],"additionalProperties":false}`

var idsVars = map[string]Type{
	"id": named("ID", true), "ids": listOf(named("ID", true), false),
	"name": named("String", false), "input": named("In", false),
}

// TestIntegerIDs: an exact integer in an ID variable is sent as its digits in a string; a
// fraction, an exponent or a boolean is still refused, and so is a number for a String
// variable or an input field (the catalog does not say which input fields are ID).
func TestIntegerIDs(t *testing.T) {
	s, err := Compile("ids", json.RawMessage(idsSchema), idsVars)
	if err != nil {
		t.Fatal(err)
	}
	quote := "got number, want string: write it in quotes"
	tests := []struct {
		name, in, sent string
		want           []Problem
	}{
		{"a string", `{"id":"42"}`, `{"id":"42"}`, nil},
		{"an integer", `{"id":42}`, `{"id":"42"}`, nil},
		{"negative", `{"id":-4}`, `{"id":"-4"}`, nil},
		{"minus zero", `{"id":-0}`, `{"id":"0"}`, nil},
		{"beyond 2^64, digits kept", `{"id":123456789012345678901234567890}`, `{"id":"123456789012345678901234567890"}`, nil},
		{"list items", `{"id":"1","ids":[1,"2",3]}`, `{"id":"1","ids":["1","2","3"]}`, nil},
		{"a fraction", `{"id":1.5}`, `{"id":1.5}`, []Problem{{"/id", quote}}},
		{"an exact fraction", `{"id":1.0}`, `{"id":1.0}`, []Problem{{"/id", quote}}},
		{"an exponent", `{"id":1e3}`, `{"id":1e3}`, []Problem{{"/id", quote}}},
		{"a boolean", `{"id":true}`, `{"id":true}`, []Problem{{"/id", "got boolean, want string"}}},
		{"a String variable", `{"id":"1","name":7}`, `{"id":"1","name":7}`, []Problem{{"/name", quote}}},
		{"an input field", `{"id":"1","input":{"ownerId":7}}`, `{"id":"1","input":{"ownerId":7}}`, []Problem{{"/input/ownerId", quote}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			before, _ := json.Marshal(v)
			got, _ := s.CoerceIDs(v)
			if after, _ := json.Marshal(v); string(after) != string(before) {
				t.Errorf("CoerceIDs changed its argument: %s", after)
			}
			sent, _ := json.Marshal(got)
			if diff := cmp.Diff(tt.sent, string(sent)); diff != "" {
				t.Errorf("sent (-want +got):\n%s", diff)
			}
			var problems []Problem
			if err := s.Validate(got); err != nil {
				problems = err.(*Error).Problems
			}
			if diff := cmp.Diff(tt.want, problems); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

// TestIntegerIDsNeedTheOperation: without the operation's types nothing is converted.
func TestIntegerIDsNeedTheOperation(t *testing.T) {
	s := mustCompile(t, idsSchema)
	v, _ := Parse([]byte(`{"id":42}`))
	if _, changed := s.CoerceIDs(v); changed {
		t.Error("converted an ID without knowing the variable's type")
	}
}
