package pending

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenRefusesASymbolicLink: agent.yaml in a checked-out repository can name the store
// (store: pending.db), and a committed pending.db -> a file elsewhere would have SQLite create
// or write a database there. The link is refused and named; nothing is created behind it.
func TestOpenRefusesASymbolicLink(t *testing.T) {
	dir := t.TempDir()
	victim, path := filepath.Join(dir, "elsewhere", "x.desktop"), filepath.Join(dir, "repo", "pending.db")
	for _, d := range []string{filepath.Dir(victim), filepath.Dir(path)} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err == nil {
		s.Close()
	}
	if err == nil || !strings.Contains(err.Error(), path+" is a symbolic link") || !strings.Contains(err.Error(), "-store") {
		t.Errorf("Open through a link: err = %v, want a refusal naming the link and -store", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(victim)); len(entries) != 0 {
		t.Errorf("files created behind the link: %v", entries)
	}
}
