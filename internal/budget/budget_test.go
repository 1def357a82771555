package budget

import "testing"

func TestMerge(t *testing.T) {
	tool, file := Set{MaxSelectionTokens: 100}, Set{PageSize: 20, MaxSelectionTokens: 300}
	want := Set{PageSize: 20, MaxSelectionTokens: 100, MaxResultLeaves: 250, MaxInputTokens: 1500, MaxPageSize: 100}
	if got := tool.Merge(file).Resolve(); got != want {
		t.Errorf("merged budgets = %+v, want %+v", got, want)
	}
	if got := (Set{}).Resolve(); got != Defaults() {
		t.Errorf("an empty set resolves to %+v, want the defaults %+v", got, Defaults())
	}
}
