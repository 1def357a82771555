package catdiff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
)

// TestSelectionSubtrees: a fragment dropped or added whole is one change at the fragment, with
// the count of its fields, as a field's subtree is (GitHub 14 -> 15: addLabelsToLabelable lost
// labelable's 128 Discussion fields, reported as 128 changes); a sensitive field is still its
// own change.
func TestSelectionSubtrees(t *testing.T) {
	old := "mutation M { add { labelable { ... on Issue { id title } ... on Discussion { id body answer { id body } } } } }"
	new := "mutation M { add { labelable { ... on Issue { id title } ... on PullRequest { id author { email login } } } } }"
	d := &differ{}
	d.selection(&catalog.Tool{Name: "add", Operation: old}, &catalog.Tool{Name: "add", Operation: new})
	var got []string
	for _, c := range d.changes {
		got = append(got, c.ID+": "+c.Message)
	}
	want := []string{
		`selection-field-removed: "add" no longer returns add.labelable.(on Discussion) (4 fields)`,
		`selection-field-added: "add" now returns add.labelable.(on PullRequest) (3 fields)`,
		`selection-sensitive-field-added: "add" now returns add.labelable.(on PullRequest).author.email, which reads as a secret or personal data`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("changes (-want +got):\n%s", diff)
	}
}

// TestRemovedByTheBudget: a field the new catalog's fit phase trimmed is reported as the budget's
// doing, not the API's (the Admin API's 2025-10 -> 2026-10 diff blamed the API for
// processableQuantity); a field gone from the API keeps the plain message.
func TestRemovedByTheBudget(t *testing.T) {
	old := "query Q { item(id: $id) { id name processableQuantity sku customer { id name email } ... on Gadget { price } } }"
	new := "query Q { item(id: $id) { id name customer { id name } } }"
	d := &differ{}
	d.selection(&catalog.Tool{Name: "item", Operation: old}, &catalog.Tool{Name: "item", Operation: new, Notes: []string{
		"selection summarized to fit the budget: item.customer (Customer)",
		"selection trimmed to fit the budget: item.processableQuantity",
		"implementing types' fields dropped to fit the budget: item[Gadget]"}})
	var got []string
	for _, c := range d.changes {
		got = append(got, c.Message)
	}
	budget := ": the API still has it; the tool's selection budget left it out ("
	want := []string{
		`"item" no longer returns item.customer.email` + budget + "selection summarized to fit the budget), so raise selection.maxSelectionTokens or maxResultLeaves, or select it in an override",
		`"item" no longer returns item.(on Gadget)` + budget + "implementing types' fields dropped to fit the budget), so raise selection.maxSelectionTokens or maxResultLeaves, or select it in an override",
		`"item" no longer returns item.processableQuantity` + budget + "selection trimmed to fit the budget), so raise selection.maxSelectionTokens or maxResultLeaves, or select it in an override",
		`"item" no longer returns item.sku`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("changes (-want +got):\n%s", diff)
	}
}
