package budget

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestPerCallerCeilingResetsEachWindow: 50 sessions of 10 calls of one caller under 100/1m admit
// exactly 100, however the calls interleave; another caller has a ceiling of its own; the next
// minute admits again, where a lifetime count refused everyone for good.
func TestPerCallerCeilingResetsEachWindow(t *testing.T) {
	now := time.Date(2026, 12, 5, 13, 0, 30, 0, time.UTC)
	var mu sync.Mutex
	p := NewPerCaller(Rate{N: 100, Per: time.Minute}, nil)
	p.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	run := func(caller string) int64 {
		var admitted atomic.Int64
		var wg sync.WaitGroup
		for range 50 {
			b := New(Limits{ToolCalls: 10, Shared: p.For(caller)})
			wg.Go(func() {
				for range 10 {
					if b.AllowToolCall("movie") == nil {
						admitted.Add(1)
					}
				}
			})
		}
		wg.Wait()
		return admitted.Load()
	}
	if n := run("alice"); n != 100 {
		t.Fatalf("alice's first minute admitted %d calls, want 100", n)
	}
	if n := run("bob"); n != 100 {
		t.Errorf("bob, in the same minute, was admitted %d calls, want his own 100", n)
	}
	err := New(Limits{ToolCalls: 1, Shared: p.For("alice")}).AllowToolCall("movie")
	var ee *ExceededError
	if !errors.As(err, &ee) || ee.Retry != 30*time.Second {
		t.Errorf("the 101st call: %v, want an *ExceededError retrying in 30s", err)
	}
	if want := "ceiling exceeded: calls per caller 100/1m reached; the next window starts in 30s"; errString(err) != want {
		t.Errorf("error text:\n got %s\nwant %s", errString(err), want)
	}
	mu.Lock()
	now = now.Add(30 * time.Second)
	mu.Unlock()
	if n := run("alice"); n != 100 {
		t.Errorf("alice's next minute admitted %d calls, want 100", n)
	}
}

func TestParseRate(t *testing.T) {
	for in, want := range map[string]Rate{"100/1m": {100, time.Minute}, "0/1h": {0, time.Hour}, " 5 / 30s": {5, 30 * time.Second}} {
		got, err := ParseRate(in)
		if err != nil || got != want {
			t.Errorf("ParseRate(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for want, r := range map[string]Rate{"100/1m": {100, time.Minute}, "5/1h30m": {5, 90 * time.Minute}, "5/24h": {5, 24 * time.Hour}, "5/10s": {5, 10 * time.Second}} {
		if diff := cmp.Diff(want, r.String()); diff != "" {
			t.Error(diff)
		}
	}
	for _, bad := range []string{"100", "-1/1m", "x/1m", "10/0s", "10/100ms", "10/forever"} {
		if _, err := ParseRate(bad); err == nil {
			t.Errorf("ParseRate(%q) succeeded", bad)
		}
	}
}

// A counter that cannot count refuses the call, and the run counts nothing.
func TestUncountedCallIsRefused(t *testing.T) {
	p := NewPerCaller(Rate{N: 5, Per: time.Minute}, failing{})
	b := New(Limits{ToolCalls: 5, Shared: p.For("")})
	if err := b.AllowToolCall("movie"); !errors.Is(err, ErrUncounted) {
		t.Fatalf("got %v, want ErrUncounted", err)
	}
	if _, tool := b.Counts(); tool != 0 {
		t.Errorf("the refused call was counted: %d", tool)
	}
}

type failing struct{}

func (failing) Take(context.Context, string, time.Time, time.Time, int) (int, bool, error) {
	return 0, false, errors.New("store unreachable")
}
