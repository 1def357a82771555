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

func TestMergePersonal(t *testing.T) {
	file := Set{Personal: On}
	for _, c := range []struct {
		tool Choice
		want Choice
	}{{Inherit, On}, {On, On}, {Off, Off}} {
		if got := (Set{Personal: c.tool}).Merge(file).Resolve().Personal; got != c.want {
			t.Errorf("tool %d over file On: personal = %d, want %d", c.tool, got, c.want)
		}
	}
	if got := (Set{}).Resolve().Personal; got != Inherit {
		t.Errorf("no setting resolves to %d, want Inherit (no)", got)
	}
}
