package parallel

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

func TestRunCallsEachIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		calls := make([]atomic.Int32, n)
		err := Run(n, func(w, i int) error {
			if w < 0 || w >= Workers(n) {
				return fmt.Errorf("worker %d of %d", w, Workers(n))
			}
			calls[i].Add(1)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i := range calls {
			if c := calls[i].Load(); c != 1 {
				t.Errorf("n=%d: index %d ran %d times", n, i, c)
			}
		}
	}
}

// TestRunReportsTheLowestFailure: the lowest failed index's error wins whatever finished first,
// and after a failure no new index starts.
func TestRunReportsTheLowestFailure(t *testing.T) {
	var started atomic.Int32
	err := Run(1000, func(_, i int) error {
		started.Add(1)
		if i >= 3 {
			return fmt.Errorf("item %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "item 3" {
		t.Errorf("err = %v, want item 3", err)
	}
	if n := started.Load(); n >= 1000 {
		t.Errorf("%d items started after the failure", n)
	}
	if err := Run(2, func(_, i int) error { return errors.ErrUnsupported }); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("err = %v", err)
	}
}
