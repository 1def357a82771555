package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func record() Record {
	return Record{Time: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), Run: "run-1", Tool: "addWatchListItem",
		Decision: Approved, Outcome: "ok", Status: 200, DurationMS: 12, Bytes: 99,
		Body: "sha256:ab", Args: json.RawMessage(`{"input":{"titleId":"42"}}`)}
}

func TestArgsOnlyWhenEnabled(t *testing.T) {
	for _, withArgs := range []bool{false, true} {
		var buf bytes.Buffer
		if err := New(&buf, withArgs).Write(record()); err != nil {
			t.Fatal(err)
		}
		want := `{"time":"2026-11-29T12:00:00Z","run":"run-1","tool":"addWatchListItem","decision":"approved","outcome":"ok","status":200,"durationMs":12,"bytes":99,"body":"sha256:ab"`
		if withArgs {
			want += `,"args":{"input":{"titleId":"42"}}`
		}
		if diff := cmp.Diff(want+"}\n", buf.String()); diff != "" {
			t.Errorf("withArgs=%v (-want +got):\n%s", withArgs, diff)
		}
	}
}

func TestOpenIsOwnerOnlyAndAppends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	for range 2 {
		l, err := Open(path, false)
		if err != nil {
			t.Fatal(err)
		}
		l.Write(record())
		l.Close()
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("audit file mode %o, want 600", perm)
	}
	b, _ := os.ReadFile(path)
	if n := bytes.Count(b, []byte("\n")); n != 2 {
		t.Errorf("%d lines after two opens, want 2 (append, not truncate)", n)
	}
}

func TestNilLogWritesNothing(t *testing.T) {
	var l *Log
	if err := l.Write(record()); err != nil || l.Close() != nil {
		t.Error("a nil *Log must be a silent no-op")
	}
}

// Concurrent calls of one run must not interleave inside a line.
func TestConcurrentLinesStayWhole(t *testing.T) {
	var buf bytes.Buffer
	l := New(&buf, true)
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { l.Write(record()) })
	}
	wg.Wait()
	sc := bufio.NewScanner(&buf)
	lines := 0
	for sc.Scan() {
		if !json.Valid(sc.Bytes()) {
			t.Fatalf("broken line: %s", sc.Text())
		}
		lines++
	}
	if lines != 50 {
		t.Errorf("%d lines, want 50", lines)
	}
}
