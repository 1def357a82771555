package catdiff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
)

// TestAccessRules: which rule a place's old and new requirement give, in the compiler's
// wording; a field that left the selection is no access change (selection-field-removed says
// what it needed).
func TestAccessRules(t *testing.T) {
	cases := []struct{ old, new, want string }{
		{"scopes write:products", "scopes admin:products", "access-changed"},
		{"scopes write:products", "scopes write:products, or admin:products", "access-loosened"},
		{"scopes a and b", "scopes a", "access-loosened"},
		{"scopes a", "scopes a and b", "access-tightened"},
		{"an authenticated caller; scopes a", "scopes a", "access-loosened"},
		{"an authenticated caller", "", "access-loosened"},
		{"", "policies admin", "access-tightened"},
		{"AppSync IAM (SigV4)", "AppSync IAM (SigV4) or AppSync API key", "access-loosened"},
		{"AppSync IAM (SigV4) or AppSync API key", "AppSync API key", "access-tightened"},
		{"AppSync Cognito user pool groups readers", "AppSync Cognito user pool groups admins", "access-changed"},
	}
	for _, c := range cases {
		o := &catalog.Tool{Name: "t", Kind: catalog.Query, Operation: "query Q { product { name } }"}
		n := *o
		if c.old != "" {
			o.Access = []catalog.Access{{Where: "Product.name", Needs: c.old}}
		}
		if c.new != "" {
			n.Access = []catalog.Access{{Where: "Product.name", Needs: c.new}}
		}
		d := &differ{}
		d.accessChanges(o, &n)
		var got []string
		for _, ch := range d.changes {
			got = append(got, ch.ID)
		}
		if diff := cmp.Diff([]string{c.want}, got); diff != "" {
			t.Errorf("%q -> %q (-want +got):\n%s", c.old, c.new, diff)
		}
	}
	o := &catalog.Tool{Name: "t", Operation: "query Q { product { name } }", Access: []catalog.Access{{Where: "Product.name", Needs: "scopes a"}}}
	n := &catalog.Tool{Name: "t", Operation: "query Q { product { id } }"}
	d := &differ{}
	d.accessChanges(o, n)
	if len(d.changes) != 0 {
		t.Errorf("a field that left the selection gave %v", d.changes)
	}
}
