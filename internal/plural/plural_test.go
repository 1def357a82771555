package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 tools"}, {1, "1 tool"}, {2, "2 tools"}, {-1, "-1 tools"}, {1000, "1000 tools"}} {
		if got := Count(c.n, "tool"); got != c.want {
			t.Errorf("Count(%d, tool) = %q, want %q", c.n, got, c.want)
		}
	}
}
