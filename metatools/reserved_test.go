package metatools

import (
	"testing"

	"github.com/toolgen/toolgen/internal/allowlist"
)

// TestAllowListReservesTheMetaToolNames: toolgen refuses a tool named like a meta-tool
// (internal/allowlist.Reserved), so that list must be exactly the names IsMeta answers.
func TestAllowListReservesTheMetaToolNames(t *testing.T) {
	defs := New(nil).Defs()
	if len(defs) != len(allowlist.Reserved) {
		t.Fatalf("%d meta-tools, %d reserved names", len(defs), len(allowlist.Reserved))
	}
	for i, d := range defs {
		if !IsMeta(d.Name) || d.Name != allowlist.Reserved[i] {
			t.Errorf("meta-tool %q, reserved %q", d.Name, allowlist.Reserved[i])
		}
	}
}
