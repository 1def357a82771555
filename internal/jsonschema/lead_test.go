package jsonschema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/jsonschema/jsonschematest"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// adminQuery is how Shopify's Admin API describes a list's query argument (shortened here):
// a Markdown table whose rows wrap, then the pointer to the search syntax.
const adminQuery = `A filter made up of terms, connectives, modifiers, and comparators.
| name | type | description | acceptable_values | default_value | example_use |
| ---- | ---- | ---- | ---- | ---- | ---- |
| default | string | Filter by a case-insensitive search of multiple fields
in a document. | | | - ` + "`query=Bob Norman`" + `<br/> - ` + "`query=title:green hoodie`" + ` |
| created_at | time |
| id | id | Filter by ` + "`id`" + ` range. | | | - ` + "`id:1234`" + ` |
| return_status | string | Filter by the order's [` + "`returnStatus`" + `](https://shopify.dev/x)
to monitor returns processing. |
- ` + "`return_requested`" + `<br/> - ` + "`no_return`" + ` | | -
` + "`return_status:in_progress`" + ` |
| status | string |
You can apply one or more filters to a query. Learn more about [Shopify API
search syntax](https://shopify.dev/api/usage/search-syntax).`

func TestLead(t *testing.T) {
	for _, tc := range []struct{ desc, want string }{
		{adminQuery, "A filter made up of terms, connectives, modifiers, and comparators. name: default, created_at, id, return_status, status. " +
			"Learn more about [Shopify API search syntax](https://shopify.dev/api/usage/search-syntax)."},
		// a limit, a format and a deprecation stay; the rest goes
		{"The date to filter by. Orders are grouped by day. Use ISO 8601 format. Grouping is done in the shop's time zone. " +
			"At most 250 orders are returned. Deprecated: use createdAt instead.",
			"The date to filter by. Use ISO 8601 format. At most 250 orders are returned. Deprecated: use createdAt instead."},
		{"One sentence only.", "One sentence only."},
	} {
		if diff := cmp.Diff(tc.want, lead(tc.desc)); diff != "" {
			t.Errorf("lead (-want +got):\n%s", diff)
		}
	}
}

// TestFitCutsAVariablesDescriptionToItsLead: a tool whose cost is its own argument's
// description (nothing nested to shorten) is brought within budget by the lead, and the note
// says so; a budget the lead already meets leaves nested descriptions alone.
func TestFitCutsAVariablesDescriptionToItsLead(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: "type Query { orders(query: String): Int }"})
	s := New(schema).ForVariables([]Input{{Name: "query", Type: &ast.Type{NamedType: "String"}, Description: adminQuery}})
	before, _ := byteCost(s)
	got, notes, n, err := Fit(s, before, before/2, byteCost)
	if err != nil {
		t.Fatal(err)
	}
	if n > before/2 || len(notes) != 1 || !strings.HasPrefix(notes[0], "input schema: 1 argument description cut to their lead") {
		t.Fatalf("cost %d (budget %d), notes %q", n, before/2, notes)
	}
	if !strings.Contains(string(got.Compact()), "name: default, created_at, id, return_status, status.") {
		t.Errorf("the filters' names are gone: %s", got.Compact())
	}
	if err := jsonschematest.SameValues(s.Compact(), got.Compact()); err != nil {
		t.Errorf("the fitted schema accepts other values: %v", err)
	}
}

// FuzzLead: any description (schema text, untrusted) is cut without a panic, and a cut that
// is used (leadEdit) is shorter.
func FuzzLead(f *testing.F) {
	f.Add(adminQuery)
	f.Add("| a |\n| - |\n| b")
	f.Add("x. y. z")
	f.Fuzz(func(t *testing.T, desc string) {
		o := Object{{Key: "description", Value: desc}}
		if got, saved := leadEdit(o); saved > 0 && len(get(got, "description").(string)) >= len(desc) {
			t.Errorf("leadEdit saved %d but did not shorten %q", saved, desc)
		}
	})
}
