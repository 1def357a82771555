package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// diskOf is a writer with room for a number of bytes: a write past it is cut there and fails,
// as on a full disk.
type diskOf struct {
	bytes.Buffer
	room int
}

func (d *diskOf) Write(p []byte) (int, error) {
	if len(p) > d.room {
		n, _ := d.Buffer.Write(p[:d.room])
		d.room = 0
		return n, errors.New("no space left on device")
	}
	d.room -= len(p)
	return d.Buffer.Write(p)
}

// numbered is record() with its run naming i, so each record's line is told apart.
func numbered(i int) Record {
	r := record()
	r.Run = fmt.Sprintf("run-%d", i)
	return r
}

// checkLines parses the log line by line: every record whose Write succeeded is one whole line,
// in order, and every other line is a fragment that does not parse.
func checkLines(t *testing.T, data []byte, written []int) {
	t.Helper()
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Errorf("the log does not end a line: %q", data)
	}
	var got []int
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			if json.Valid(line) || !bytes.HasPrefix(line, []byte(`{"time":`)) {
				t.Errorf("line %d is neither a record nor a torn one: %q", i+1, line)
			}
			continue
		}
		var n int
		if _, err := fmt.Sscanf(r.Run, "run-%d", &n); err != nil {
			t.Errorf("line %d: run %q", i+1, r.Run)
		}
		got = append(got, n)
	}
	if fmt.Sprint(got) != fmt.Sprint(written) {
		t.Errorf("whole records %v, want the ones written %v:\n%s", got, written, data)
	}
}

// A record cut by a full disk stays a fragment on its own line: the record after it, once
// there is room again, is whole, and so is one written after a failure that wrote nothing.
func TestTornRecordLeavesTheNextWhole(t *testing.T) {
	d := &diskOf{room: 300}
	l := New(d, false)
	var written []int
	for i := range 6 {
		if i == 4 {
			d.room = 1 << 20 // space freed
		}
		if err := l.Write(numbered(i)); err == nil {
			written = append(written, i)
		} else if !errors.Is(err, ErrWrite) {
			t.Fatalf("record %d: %v, want ErrWrite", i, err)
		}
	}
	if len(written) != 3 || written[0] != 0 || written[1] != 4 {
		t.Fatalf("written %v: the disk did not fill as the test means it to", written)
	}
	checkLines(t, d.Bytes(), written)
}

// A file an earlier process left torn gets the next record on a fresh line.
func TestOpenAfterATornFileStartsAFreshLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	line, _ := json.Marshal(numbered(0))
	if err := os.WriteFile(path, append(append(line, '\n'), line[:40]...), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := Open(path, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Write(numbered(1)); err != nil {
		t.Fatal(err)
	}
	_ = l.Close()
	data, _ := os.ReadFile(path)
	checkLines(t, data, []int{0, 1})
}
