package review

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wideSchema is a tool whose first argument has more fields than a table holds, followed by
// small arguments: the shape of Nautical's products (filter, then sortBy, after, first).
func wideSchema(filterFields int) string {
	var props []string
	for i := range filterFields {
		props = append(props, fmt.Sprintf(`"f%d":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`, i))
	}
	return `{"type":"object","properties":{` +
		`"filter":{"$ref":"#/$defs/Filter"},` +
		`"sortBy":{"type":"object","properties":{"field":{"type":"string","enum":["NAME","DATE"]}},"required":["field"]},` +
		`"after":{"type":"string"},"first":{"type":"integer"}},` +
		`"$defs":{"Filter":{"type":"object","properties":{` + strings.Join(props, ",") + `}}}}`
}

func names(rows []input) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Name+" | "+r.Type)
	}
	return out
}

// TestInputsEveryArgument: a deep first argument must not push the later ones off the table;
// the rows left out are counted and marked where they are.
func TestInputsEveryArgument(t *testing.T) {
	got := inputs(json.RawMessage(wideSchema(40)))
	want := []string{"filter | object Filter"}
	for i := range 40 { // 45 rows for the arguments and filter's fields, room for 7 objects' fields
		if i < 7 {
			want = append(want, fmt.Sprintf("filter.f%d | object", i), fmt.Sprintf("filter.f%d.a | string", i), fmt.Sprintf("filter.f%d.b | string", i))
		} else {
			want = append(want, fmt.Sprintf("filter.f%d | object (2 fields not listed)", i))
		}
	}
	want = append(want, "sortBy | object", "sortBy.field | string: NAME | DATE", "after | string", "first | integer")
	if diff := cmp.Diff(want, names(got.Rows)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if got.Total != 4+40+80+1 || got.More {
		t.Errorf("Total, More = %d, %v; want %d, false", got.Total, got.More, 4+40+80+1)
	}
}

// TestInputsFitWhole: within the budget every row is listed and no count is shown.
func TestInputsFitWhole(t *testing.T) {
	got := inputs(json.RawMessage(wideSchema(10)))
	if n := len(got.Rows); n != 4+10+20+1 || got.Total != 0 {
		t.Errorf("%d rows, Total %d; want 35 rows and no Total", n, got.Total)
	}
	for _, r := range got.Rows {
		if strings.Contains(r.Type, "not listed") {
			t.Errorf("row %s says %q within the budget", r.Name, r.Type)
		}
	}
}

// TestInputsManyArguments: more top-level arguments than the budget are all listed.
func TestInputsManyArguments(t *testing.T) {
	var props []string
	for i := range maxInputRows + 5 {
		props = append(props, fmt.Sprintf(`"a%d":{"type":"object","properties":{"x":{"type":"string"}}}`, i))
	}
	got := inputs(json.RawMessage(`{"type":"object","properties":{` + strings.Join(props, ",") + `}}`))
	if len(got.Rows) != maxInputRows+5 || got.Total != 2*(maxInputRows+5) {
		t.Fatalf("%d rows, Total %d; want %d rows of %d", len(got.Rows), got.Total, maxInputRows+5, 2*(maxInputRows+5))
	}
	if got.Rows[0].Type != "object (1 field not listed)" {
		t.Errorf("first row's type %q", got.Rows[0].Type)
	}
}

// TestInputsListTypes: a list of a shared type names it, a list of enum values shows them, and
// a list of a type already on the path is marked recursive.
func TestInputsListTypes(t *testing.T) {
	got := inputs(json.RawMessage(`{"type":"object","properties":{
		"where":{"$ref":"#/$defs/W"},
		"kinds":{"type":"array","items":{"type":"string","enum":["A","B"]}},
		"grid":{"type":"array","items":{"type":"array","items":{"type":"integer"}}}},
		"$defs":{"W":{"type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/W"}},
			"attrs":{"type":"array","items":{"$ref":"#/$defs/Attr"}}}},
			"Attr":{"type":"object","properties":{"slug":{"type":"string"}},"required":["slug"]}}}`))
	want := []string{
		"where | object W",
		"where.and | array of object W (recursive, see above)",
		"where.attrs | array of object Attr",
		"where.attrs[].slug | string",
		"kinds | array of string: A | B",
		"grid | array of array of integer",
	}
	if diff := cmp.Diff(want, names(got.Rows)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

// TestInputsBounded: a chain of shared types, each used twice by the next, doubles at every
// level; the walk stops counting at maxInputNodes and says the total is a lower bound.
func TestInputsBounded(t *testing.T) {
	var defs []string
	for i := range 30 {
		defs = append(defs, fmt.Sprintf(`"T%d":{"type":"object","properties":{"l":{"$ref":"#/$defs/T%d"},"r":{"$ref":"#/$defs/T%d"}}}`, i, i+1, i+1))
	}
	defs = append(defs, `"T30":{"type":"object","properties":{"leaf":{"type":"string"}}}`)
	got := inputs(json.RawMessage(`{"type":"object","properties":{"t":{"$ref":"#/$defs/T0"}},"$defs":{` + strings.Join(defs, ",") + `}}`))
	if !got.More || got.Total < maxInputRows || got.Total > maxInputNodes {
		t.Errorf("Total %d, More %v; want a lower bound at most %d", got.Total, got.More, maxInputNodes)
	}
	if len(got.Rows) > maxInputRows {
		t.Errorf("%d rows", len(got.Rows))
	}
}

// TestInputsListOfItself: a $defs entry that is a list of itself ends.
func TestInputsListOfItself(t *testing.T) {
	got := inputs(json.RawMessage(`{"type":"object","properties":{"x":{"$ref":"#/$defs/L"}},"$defs":{"L":{"type":"array","items":{"$ref":"#/$defs/L"}}}}`))
	if len(got.Rows) != 1 || !strings.HasPrefix(got.Rows[0].Type, "array of array of") {
		t.Errorf("rows %v", names(got.Rows))
	}
}
