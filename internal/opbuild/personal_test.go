package opbuild

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/budget"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

const personalSchema = `
type Query {
  staffContact: Contact
  owner: Owner
}
type Contact { email: String phoneNumber: String }
type Owner { id: ID! login: String! email: String contact: Contact }
`

// TestPersonalOnly: a type whose only leaves are personal data gets none back by the fallback
// that keeps a type's avoided leaves when it has nothing else: a root returning it has no default
// selection, and the error names the opt-in; an object holding it leaves it out and the note
// names it. With the opt-in both select it as before.
func TestPersonalOnly(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Name: "s.graphql", Input: personalSchema})
	b := New(schema)
	_, err := b.Build("query", schema.Query.Fields.ForName("staffContact"), Options{})
	if err == nil || !strings.Contains(err.Error(), "every value Contact holds is personal data") || !strings.Contains(err.Error(), "selection: {personal: true}") {
		t.Errorf("staffContact: err = %v, want the personal-data error naming the opt-in", err)
	}
	r, err := b.Build("query", schema.Query.Fields.ForName("owner"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "query Tool_owner { owner { id login } }"; r.Text != want {
		t.Errorf("owner = %s, want %s", r.Text, want)
	}
	if want := "left out as personal data: Owner.email, Owner.contact; selection: {personal: true} for this tool in the allow-list selects them"; len(r.Notes) != 1 || r.Notes[0] != want {
		t.Errorf("owner notes = %q, want %q", r.Notes, want)
	}
	on := Options{Set: budget.Set{Personal: budget.On}}
	if r, err := b.Build("query", schema.Query.Fields.ForName("staffContact"), on); err != nil || r.Text != "query Tool_staffContact { staffContact { email phoneNumber } }" {
		t.Errorf("staffContact with the opt-in = %q, %v", r.Text, err)
	}
	if r, err := b.Build("query", schema.Query.Fields.ForName("owner"), on); err != nil || r.Text != "query Tool_owner { owner { id login email contact { email phoneNumber } } }" || len(r.Notes) != 0 {
		t.Errorf("owner with the opt-in = %q %q, %v", r.Text, r.Notes, err)
	}
	// The same Builder answers without the opt-in again: each setting keeps its own caches.
	if r, _ := b.Build("query", schema.Query.Fields.ForName("owner"), Options{}); r.Text != "query Tool_owner { owner { id login } }" {
		t.Errorf("owner after the opt-in = %s", r.Text)
	}
}
