package toolrt

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// TestFullAuditDiskStopsTheRunUnsent: with -audit /dev/full the write used to run with no
// record and no message. Now the "sending" record fails first, the write is not sent, the call
// returns an error wrapping audit.ErrWrite and every later call of the run is refused too.
func TestFullAuditDiskStopsTheRunUnsent(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	endpoint, rec := startMovieDB(t)
	log, err := audit.Open("/dev/full", false)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	rt := newRuntime(t, endpoint, asUser(Config{Audit: log}))
	run := rt.NewRun(budget.New(budget.Defaults()), &scripted{answers: []string{"y"}})
	res, err := run.Call(context.Background(), "addWatchListItem", []byte(addMatrix))
	if !errors.Is(err, audit.ErrWrite) || !strings.Contains(err.Error(), "/dev/full") {
		t.Fatalf("write with a full audit disk: err %v, want audit.ErrWrite naming the file", err)
	}
	if n := rec.count("Tool_addWatchListItem"); n != 0 {
		t.Errorf("the write was sent %d times without a record", n)
	}
	if !res.IsError || res.Outcome != "not_sent" {
		t.Errorf("result %+v, want an unsent error", res)
	}
	res, err = run.Call(context.Background(), "movie", []byte(`{"id":"42"}`))
	if !errors.Is(err, audit.ErrWrite) || res.Decision != audit.AuditFailed || rec.toolRequests() != 0 {
		t.Errorf("a read after the audit failed: %+v, %v, %d requests", res, err, rec.toolRequests())
	}
}

// TestRefuseAndExpireAreRecorded: calls the model loop answers itself and writes whose
// decision never came each leave one record, and nothing is sent for them.
func TestRefuseAndExpireAreRecorded(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	var buf bytes.Buffer
	rt := newRuntime(t, endpoint, asUser(Config{Audit: audit.New(&buf, false)}))
	run := rt.NewRun(budget.New(budget.Defaults()), nil)
	ctx := context.Background()
	if err := run.Refuse("deleteEverything", audit.UnknownTool); err != nil {
		t.Fatal(err)
	}
	pr, _, err := run.Prepare(ctx, "addWatchListItem", []byte(addMatrix))
	if pr == nil || err != nil {
		t.Fatalf("prepare: %v", err)
	}
	if err := run.Expire(pr); err != nil {
		t.Fatal(err)
	}
	if res, _ := run.Resume(ctx, pr, gate.Decision{Approved: true}); res.Decision != audit.Denied {
		t.Errorf("an expired write could still be resumed: %+v", res)
	}
	got := strings.Join(auditDecisions(&buf), " ")
	if got != "unknown_tool expired" || rec.toolRequests() != 0 {
		t.Errorf("decisions %q with %d requests, want \"unknown_tool expired\" and none", got, rec.toolRequests())
	}
	if !strings.Contains(buf.String(), `"tool":"deleteEverything"`) {
		t.Errorf("the unknown tool's name is not in the record:\n%s", buf.String())
	}
}
