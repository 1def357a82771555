package audit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenRefusesASymbolicLink: agent.yaml in a checked-out repository can name the audit file,
// and a committed audit.jsonl -> ~/.bashrc (existing) or -> a file not there yet would have the
// records, model-chosen argument values among them, appended to a file something else runs. The
// link is refused, named, and the file behind it stays as it was (or absent).
func TestOpenRefusesASymbolicLink(t *testing.T) {
	for name, existing := range map[string]bool{"to a file": true, "to no file yet": false} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			victim, path := filepath.Join(dir, "bashrc"), filepath.Join(dir, "repo", "audit.jsonl")
			if existing {
				if err := os.WriteFile(victim, []byte("export PATH\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(victim, path); err != nil {
				t.Fatal(err)
			}
			l, err := Open(path, true)
			if err == nil {
				l.Write(record())
				l.Close()
			}
			if err == nil || !strings.Contains(err.Error(), path+" is a symbolic link") || !strings.Contains(err.Error(), "-audit") {
				t.Errorf("Open through a link: err = %v, want a refusal naming the link and -audit", err)
			}
			got, rerr := os.ReadFile(victim)
			if existing && string(got) != "export PATH\n" || !existing && rerr == nil {
				t.Errorf("the file behind the link: %q, %v", got, rerr)
			}
		})
	}
}
