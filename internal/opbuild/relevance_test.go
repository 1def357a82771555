package opbuild

import (
	"slices"
	"testing"
)

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

// TestHeadlineAmountFirst: among an order's money fields the total and the price rank first, the
// least qualified first (totalPriceSet before currentTotalPriceSet), and the adjustments after
// them, whatever the declaration order; before, ties went by name, so an alphabetically declared
// Order kept refundDiscrepancySet and lost totalPriceSet.
func TestHeadlineAmountFirst(t *testing.T) {
	s := loadSchema(t, "order.graphql", []byte(`
type Money { amount: Float! currencyCode: String! }
type MoneyBag { shopMoney: Money! }
type Order {
  currentTotalPriceSet: MoneyBag!
  netPaymentSet: MoneyBag!
  refundDiscrepancySet: MoneyBag!
  totalCapturableSet: MoneyBag!
  totalPriceSet: MoneyBag!
  status: String!
}
type Query { order: Order }`))
	o := s.Types["Order"]
	var got []string
	for _, f := range New(s).ranked(o, o.Fields) {
		got = append(got, f.Name)
	}
	want := []string{"status", "totalPriceSet", "currentTotalPriceSet", "totalCapturableSet", "netPaymentSet", "refundDiscrepancySet"}
	if !slices.Equal(got, want) {
		t.Errorf("ranked %v, want %v", got, want)
	}
}
