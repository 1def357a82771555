package jsonschematest

import "testing"

func TestSameValuesSeesAConstraint(t *testing.T) {
	a := `{"type":"object","properties":{"x":{"$ref":"#/$defs/X","description":"d"}},"$defs":{"X":{"type":"string","enum":["A","B"]}}}`
	same := `{"type":"object","properties":{"x":{"type":"string","enum":["A","B"]}}}`
	for _, b := range []string{
		`{"type":"object","properties":{"x":{"type":"string","enum":["A"]}}}`,
		`{"type":"object","properties":{"x":{"type":"string"}}}`,
		`{"type":"object","properties":{"y":{"type":"string","enum":["A","B"]}}}`,
		`{"type":"object","properties":{"x":{"$ref":"#/$defs/Y"}}}`,
	} {
		if SameValues([]byte(a), []byte(b)) == nil {
			t.Errorf("%s and %s accept different values, SameValues says they are the same", a, b)
		}
	}
	if err := SameValues([]byte(a), []byte(same)); err != nil {
		t.Error(err)
	}
}

// FuzzSameValues: any two byte strings get an answer, never a panic.
func FuzzSameValues(f *testing.F) {
	f.Add([]byte(`{"properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"properties":{"b":{"$ref":"#/$defs/A"}}}}}`), []byte(`{}`))
	f.Add([]byte(`{"properties":[1],"items":2,"$ref":3}`), []byte(`{"$defs":"x","properties":{"a":null}}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		_ = SameValues(a, b)
	})
}
