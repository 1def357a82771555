package catdiff

import "testing"

// TestRoleTotalsComeFromTools: a catalog edited by hand keeps its old "roles" totals; the token
// table sums the tools each role still sees.
func TestRoleTotalsComeFromTools(t *testing.T) {
	old, edited := base(), base()
	removed := edited.Tools[0]
	edited.Tools = edited.Tools[1:] // "roles" still says what it said before
	r := Diff(old, edited, Options{})
	for _, row := range r.Tokens.ByRole {
		sees := len(removed.Roles) == 0
		for _, name := range removed.Roles {
			sees = sees || name == row.Role
		}
		if !sees {
			continue
		}
		if row.NewTools != row.OldTools-1 || row.New != row.Old-removed.Tokens {
			t.Errorf("role %s: %d → %d tools, %d → %d tokens; want one tool and %d tokens fewer",
				row.Role, row.OldTools, row.NewTools, row.Old, row.New, removed.Tokens)
		}
	}
}
