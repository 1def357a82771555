package lint

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzValidJSON holds validJSON to json.Valid.
func FuzzValidJSON(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, ` {"a":[1,-0.5e+3,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9"]} `, `{"a":1,}`, `[1,]`, `01`, `-`, `1.`, `1e`, `.5`,
		`"\x"`, `"\u12"`, "\"\x01\"", "\"\xff\"", `{"a" 1}`, `{1:2}`, `[1 2]`, `tru`, `nulll`, `{"a":{"b":[{}]}}`, `]`, `[}`, ``, ` `} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validJSON(s), json.Valid([]byte(s)); got != want {
			t.Errorf("validJSON(%q) = %v, want %v", s, got, want)
		}
	})
}

// TestValidJSONDepth: encoding/json refuses more than 10000 nested arrays and objects.
func TestValidJSONDepth(t *testing.T) {
	for _, n := range []int{9999, 10000, 10001} {
		for _, doc := range []string{strings.Repeat("[", n) + strings.Repeat("]", n), strings.Repeat(`{"a":`, n-1) + "{}" + strings.Repeat("}", n-1)} {
			if got, want := validJSON(doc), json.Valid([]byte(doc)); got != want {
				t.Errorf("depth %d (%.8s…): validJSON %v, json.Valid %v", n, doc, got, want)
			}
		}
	}
}

// validJSON is json.Valid for a string, without encoding/json's scanner, whose call per byte
// through a state function costs more than the rest of the schema walk: every tool's input
// schema is checked. Same grammar, same nesting limit (10000 arrays and objects deep).
func validJSON(s string) bool { return scanJSON(s, nil) }
