package mcpserve

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func TestDeferNeedsAStore(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := New(Config{Runtime: f.rt, Approve: Defer}); err == nil || !strings.Contains(err.Error(), "pending store") {
		t.Errorf("defer without a store: %v", err)
	}
}

// In defer mode a write, even one the client would elicit for, is recorded and not sent.
func TestDeferRecordsTheWrite(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	st, err := pending.Open(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s, err := New(Config{Runtime: f.rt, Approve: Defer, Deferrer: st.Deferrer(0), Limits: budget.Defaults()})
	if err != nil {
		t.Fatal(err)
	}
	e := &elicitor{answers: []string{"accept"}}
	cs := connect(t, s, e)
	text, isErr := call(t, cs, "addWatchListItem", addMatrix)
	if isErr || !strings.Contains(text, "Recorded, not done") {
		t.Errorf("write in defer mode (isError %v): %s", isErr, text)
	}
	if n := f.itemCount(t); n != 2 {
		t.Errorf("list 1 has %d items after a deferred write, want the seeded 2", n)
	}
	if len(e.asked()) != 0 {
		t.Errorf("defer mode elicited: %q", e.asked())
	}
	reqs, err := st.List(context.Background())
	if err != nil || len(reqs) != 1 || reqs[0].User != testUser || reqs[0].Role != "concierge" {
		t.Fatalf("store holds %d requests (err %v)", len(reqs), err)
	}
}
