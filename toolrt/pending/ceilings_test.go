package pending

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Two pools (two replicas) racing 40 calls at a ceiling of 25 in one window: exactly 25 are
// taken, and the next window starts from nothing.
func TestCeilingWindowsAcrossPools(t *testing.T) { eachStore(t, testCeilingWindowsAcrossPools) }

func testCeilingWindowsAcrossPools(t *testing.T, where string) {
	a, b := open(t, where), open(t, where)
	ctx := context.Background()
	start := time.UnixMilli(1_800_000_000_000)
	end := start.Add(time.Minute)
	var taken atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		s := []*Store{a, b}[i%2]
		wg.Go(func() {
			_, ok, err := s.Take(ctx, "calls:alice", start, end, 25)
			if err != nil {
				t.Error(err)
			}
			if ok {
				taken.Add(1)
			}
		})
	}
	wg.Wait()
	if n := taken.Load(); n != 25 {
		t.Fatalf("%d calls taken at a ceiling of 25", n)
	}
	if used, ok, err := a.Take(ctx, "calls:bob", start, end, 25); !ok || used != 1 || err != nil {
		t.Errorf("another caller's first call: used %d, ok %v, err %v", used, ok, err)
	}
	if used, ok, err := b.Take(ctx, "calls:alice", end, end.Add(time.Minute), 25); !ok || used != 1 || err != nil {
		t.Errorf("the next window's first call: used %d, ok %v, err %v", used, ok, err)
	}
	if _, ok, _ := a.Take(ctx, "calls:carol", start, end, 0); ok {
		t.Error("a ceiling of 0 took a call")
	}
}

// A PostgreSQL URL's password never reaches a message: not the location printed, not an error.
func TestPostgresPasswordIsNotPrinted(t *testing.T) {
	const url = "postgres://agent:s3cret-pw@127.0.0.1:1/toolgen?sslmode=disable&connect_timeout=1"
	if got := Redacted(url); strings.Contains(got, "s3cret-pw") {
		t.Errorf("Redacted = %q", got)
	}
	_, err := Open(url)
	if err == nil || strings.Contains(err.Error(), "s3cret-pw") {
		t.Errorf("opening an unreachable database: %v", err)
	}
	_, err = Open("postgres://agent:s3cret-pw@127.0.0.1:notaport/x")
	if err == nil || strings.Contains(err.Error(), "s3cret-pw") {
		t.Errorf("a URL that does not parse: %v", err)
	}
}
