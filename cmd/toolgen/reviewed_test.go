package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffReviewedFingerprints: a relaxed approval fails CI until its fingerprint is in the
// -reviewed file; then it is marked, passes, and a fingerprint that matches nothing is warned of.
func TestDiffReviewedFingerprints(t *testing.T) {
	t.Parallel()
	base := exampleCatalog(t, same)
	next := exampleCatalog(t, replace(t, "approval: required", "approval: none"))
	code, out, _ := toolgen(t, "diff", "-format", "json", base, next)
	if code != 1 {
		t.Fatalf("exit %d, want 1 before review:\n%s", code, out)
	}
	var rep struct {
		Changes []struct{ ID, Fingerprint string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, c := range rep.Changes {
		lines = append(lines, c.Fingerprint+"  "+c.ID+": idempotent, agreed with security (ana)")
	}
	file := filepath.Join(t.TempDir(), "reviewed.txt")
	stale := "0123456789ab  an approval removed in an earlier pull request"
	body := "# reviewed catalog changes\n" + strings.Join(lines, "\n") + "\n\n" + stale + "\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := toolgen(t, "diff", "-reviewed", file, base, next)
	if code != 0 {
		t.Errorf("exit %d, want 0 once every change is reviewed:\n%s%s", code, out, stderr)
	}
	for _, want := range []string{"reviewed", "— **reviewed**: approval-relaxed: idempotent, agreed with security (ana)"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if want := fmt.Sprintf("%s:%d: warning: this fingerprint matches no change", file, len(lines)+3); !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("# ok\napproval-relaxed looks fine\n"), 0o644)
	if code, _, stderr := toolgen(t, "diff", "-reviewed", bad, base, next); code != 2 || !strings.Contains(stderr, bad+`:2: "approval-relaxed" is not a fingerprint`) {
		t.Errorf("a bad line: exit %d, want 2 naming line 2:\n%s", code, stderr)
	}
}
