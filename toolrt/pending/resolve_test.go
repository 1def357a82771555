package pending

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// A request left in sending (a confirm that claimed it and died) is resolved only after
// SettleAfter, only with a note; not-sent is final until an explicit Reopen, after which a
// claim passes the history check again; sent stays sent.
func TestResolveStuckAndReopen(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	ctx := context.Background()
	t0 := time.Now()
	lost, _, _ := s.Propose(ctx, proposal("lost", `{"q":1}`))
	landed, _, _ := s.Propose(ctx, proposal("landed", `{"q":2}`))
	waiting, _, _ := s.Propose(ctx, proposal("waiting", `{"q":3}`))
	for _, r := range []*Request{lost, landed} {
		if _, err := s.Claim(ctx, r.ID, r.Body, "confirmer", t0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Resolve(ctx, lost.ID, false, "op", "checked", t0.Add(time.Minute)); !errors.Is(err, ErrTooSoon) {
		t.Errorf("resolve a minute after the claim: %v, want ErrTooSoon", err)
	}
	if _, err := s.Resolve(ctx, lost.ID, false, "op", "  ", t0.Add(time.Hour)); err == nil {
		t.Error("a resolution without a note was recorded")
	}
	if r, err := s.Resolve(ctx, waiting.ID, false, "op", "checked", t0.Add(time.Hour)); !errors.Is(err, ErrNotSending) || r.State != Pending {
		t.Errorf("resolve of a pending request: %v, %v", err, r)
	}
	later := t0.Add(time.Hour)
	r, err := s.Resolve(ctx, lost.ID, false, "op", "list 1 lacks the title", later)
	if err != nil || r.State != Unsent || r.Outcome != "not_sent" || r.Reason != "marked not sent by op: list 1 lacks the title" {
		t.Fatalf("resolve not-sent: %v, %+v", err, r)
	}
	if _, err := s.Claim(ctx, lost.ID, lost.Body, "confirmer", later); !errors.Is(err, ErrDecided) {
		t.Errorf("claim of an unsent request: %v, want ErrDecided", err)
	}
	if _, err := s.Resolve(ctx, lost.ID, true, "op", "again", later); !errors.Is(err, ErrNotSending) {
		t.Errorf("second resolve: %v", err)
	}
	if r, err := s.Resolve(ctx, landed.ID, true, "op", "the title is on list 1", later); err != nil || r.State != Sent || r.Outcome != "resolved" {
		t.Fatalf("resolve sent: %v, %+v", err, r)
	}
	if _, err := s.Reopen(ctx, landed.ID, "op", "no", 0, later); !errors.Is(err, ErrNotUnsent) {
		t.Errorf("reopen of a sent request: %v, want ErrNotUnsent", err)
	}
	r, err = s.Reopen(ctx, lost.ID, "op", "the user still wants it", time.Minute, later)
	if err != nil || r.State != Pending || !r.Expires.Equal(later.Add(time.Minute).Truncate(time.Millisecond).UTC()) {
		t.Fatalf("reopen: %v, %+v", err, r)
	}
	if _, err := s.Claim(ctx, lost.ID, lost.Body, "confirmer", later); err != nil {
		t.Fatalf("claim after reopen: %v", err)
	}
	ev, _ := s.Events(ctx, lost.ID)
	var got []string
	for _, e := range ev {
		got = append(got, e.Event+" "+e.Actor+" "+e.Detail)
	}
	want := []string{"proposed user run run-1", "claimed confirmer body sha256:" + lost.BodySHA,
		"resolved op not sent: list 1 lacks the title", "reopened op the user still wants it", "claimed confirmer body sha256:" + lost.BodySHA}
	if len(got) != len(want) {
		t.Fatalf("history:\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: %q, want %q", i, got[i], want[i])
		}
	}
}
