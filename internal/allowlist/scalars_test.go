package allowlist

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseScalars(t *testing.T) {
	src := `tools: {a: {}}
scalars:
  JSON: {}
  Money: {type: integer, minimum: 0}
  DateTime: {type: string, format: date-time}
  Kind: {type: [string, "null"], enum: [A, B]}
  Blob:
`
	f, ds := Parse("allowlist.yaml", []byte(src))
	if len(ds) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", ds)
	}
	want := []Scalar{
		{Name: "JSON", Pos: Pos{3, 3}},
		{Name: "Money", Pos: Pos{4, 3}, Schema: []Keyword{{"type", "integer"}, {"minimum", json.Number("0")}}},
		{Name: "DateTime", Pos: Pos{5, 3}, Schema: []Keyword{{"type", "string"}, {"format", "date-time"}}},
		{Name: "Kind", Pos: Pos{6, 3}, Schema: []Keyword{{"type", []any{"string", "null"}}, {"enum", []any{"A", "B"}}}},
		{Name: "Blob", Pos: Pos{7, 3}},
	}
	if diff := cmp.Diff(want, f.Scalars); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if f.Scalar("Money") == nil || f.Scalar("Int") != nil {
		t.Errorf("Scalar lookup: Money %v, Int %v", f.Scalar("Money"), f.Scalar("Int"))
	}
}

func TestScalarErrors(t *testing.T) {
	cases := map[string]string{
		"scalars: {Money: {fromat: int64}}\n":  `allowlist.yaml:2:19: unknown key "fromat" in scalar Money; did you mean "format"?`,
		"scalars: {Money: {type: interger}}\n": `allowlist.yaml:2:25: "interger" is not a JSON Schema type; did you mean "integer"?`,
		"scalars: {Money: {minimum: low}}\n":   `allowlist.yaml:2:28: minimum must be a number, not the value "low"; write a number such as 0`,
		"scalars: {Money: {enum: A}}\n":        `allowlist.yaml:2:25: enum must be a list of values, not the value "A"; write enum: [A, B]`,
		"scalars: [JSON]\n":                    `allowlist.yaml:2:10: scalars must be a mapping, not a list; write it as key: value pairs, or {} when empty`,
	}
	for src, want := range cases {
		_, ds := Parse("allowlist.yaml", []byte("tools: {a: {}}\n"+src))
		if len(ds) != 1 || ds[0].String() != want {
			t.Errorf("%q:\n got %s\nwant %s", src, ds, want)
		}
	}
}

func TestResolveScalars(t *testing.T) {
	f, _ := Parse("allowlist.yaml", []byte("tools: {a: {}}\nscalars:\n  Jsom: {}\n  Int: {}\n  DateTime: {}\n"))
	got := f.ResolveScalars([]string{"JSON", "DateTime"}).String()
	want := `allowlist.yaml:3:3: "Jsom" is not a custom scalar of the schema; did you mean "JSON"?` + "\n" +
		`allowlist.yaml:4:3: "Int" is a built-in scalar, whose JSON form is fixed; map only the schema's custom scalars ("JSON", "DateTime")` + "\n"
	if got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

// Scalar returns the mapping of a custom scalar, or nil.
func (f *File) Scalar(name string) *Scalar {
	for i := range f.Scalars {
		if f.Scalars[i].Name == name {
			return &f.Scalars[i]
		}
	}
	return nil
}
