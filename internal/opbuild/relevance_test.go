package opbuild

import "testing"

func TestNameScore(t *testing.T) {
	for _, c := range []struct {
		field, typ string
		want       int
	}{
		{"variants", "ProductVariant", 2},
		{"pullRequests", "PullRequest", 2},
		{"categories", "Category", 2},
		{"addresses", "Address", 2},
		{"branches", "Branch", 2},
		{"order_lines", "OrderLine", 2},
		{"assignableUsers", "User", 1},
		{"adjacentVariants", "ProductVariant", 1},
		{"watchers", "User", 0},
		{"forks", "Repository", 0},
		{"", "User", 0},
	} {
		if got := nameScore(c.field, c.typ); got != c.want {
			t.Errorf("nameScore(%q, %q) = %d, want %d", c.field, c.typ, got, c.want)
		}
	}
}
