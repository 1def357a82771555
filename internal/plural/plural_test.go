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

// TestKeyMeets holds each singular and its plural to one key, and words that differ apart.
func TestKeyMeets(t *testing.T) {
	for _, pair := range [][2]string{
		{"movie", "movies"}, {"category", "categories"}, {"address", "addresses"}, {"box", "boxes"},
		{"branch", "branches"}, {"issue", "issues"}, {"warehouse", "warehouses"}, {"id", "ids"},
		{"repository", "repositories"}, {"status", "status"}, {"analysis", "analysis"}, {"tie", "ties"},
	} {
		if Key(pair[0]) != Key(pair[1]) {
			t.Errorf("Key(%q) = %q, Key(%q) = %q: want one key", pair[0], Key(pair[0]), pair[1], Key(pair[1]))
		}
	}
	for _, pair := range [][2]string{{"bus", "bu"}, {"process", "proces"}, {"movie", "move"}, {"line", "lin"}} {
		if Key(pair[0]) == Key(pair[1]) {
			t.Errorf("Key merges %q and %q", pair[0], pair[1])
		}
	}
}
