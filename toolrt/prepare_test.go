package toolrt

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// auditDecisions returns the decision of each record in an audit buffer.
func auditDecisions(buf *bytes.Buffer) []string {
	var out []string
	for line := range strings.SplitSeq(strings.TrimSpace(buf.String()), "\n") {
		if i := strings.Index(line, `"decision":"`); i >= 0 {
			rest := line[i+len(`"decision":"`):]
			out = append(out, rest[:strings.IndexByte(rest, '"')])
		}
	}
	return out
}

func TestPrepareCountsOnceAndResumeSendsOnce(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	var buf bytes.Buffer
	rt := newRuntime(t, endpoint, asUser(Config{Audit: audit.New(&buf, false)}))
	run := rt.NewRun(budget.New(budget.Limits{ToolCalls: 1, Mode: budget.Error}), nil)
	ctx := context.Background()
	pr, res, err := run.Prepare(ctx, "addWatchListItem", []byte(addMatrix))
	if pr == nil || err != nil || !pr.NeedsApproval() || pr.Tool() != "addWatchListItem" {
		t.Fatalf("prepare: %v, %v, %+v", pr, err, res)
	}
	if req := pr.Request(); !strings.Contains(string(req.Variables), `"titleId":"42"`) || req.Fingerprint() == "" {
		t.Fatalf("request %+v", req)
	}
	if n := rec.toolRequests(); n != 0 {
		t.Fatalf("prepare sent %d requests", n)
	}
	res, err = run.Resume(ctx, pr, gate.Decision{Approved: true})
	if err != nil || res.IsError || rec.toolRequests() != 1 {
		t.Fatalf("approved resume: %v %+v, %d requests", err, res, rec.toolRequests())
	}
	if again, _ := run.Resume(ctx, pr, gate.Decision{Approved: true}); again.Decision != audit.Denied || rec.toolRequests() != 1 {
		t.Fatalf("second resume: %+v, %d requests", again, rec.toolRequests())
	}
	// One call: the "sending" record before the write, then its outcome.
	if got := auditDecisions(&buf); len(got) != 2 || got[0] != "approved" || got[1] != "approved" {
		t.Fatalf("audit decisions %v, want approved (sending) then approved", got)
	}
	if _, res, _ := run.Prepare(ctx, "movie", []byte(`{"id":"42"}`)); res.Decision != audit.OverBudget {
		t.Fatalf("second call within a budget of one: %+v", res)
	}
}

func TestResumeDenialIsRememberedAtPrepare(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	var buf bytes.Buffer
	rt := newRuntime(t, endpoint, asUser(Config{Audit: audit.New(&buf, false)}))
	run := rt.NewRun(budget.New(budget.Defaults()), &scripted{answers: []string{"y"}})
	ctx := context.Background()
	pr, _, _ := run.Prepare(ctx, "addWatchListItem", []byte(addMatrix))
	if res, err := run.Resume(ctx, pr, gate.Decision{Reason: "declined"}); err != nil || res.Decision != audit.Denied {
		t.Fatalf("declined resume: %v %+v", err, res)
	}
	pr, res, err := run.Prepare(ctx, "addWatchListItem", []byte(addMatrix))
	if pr != nil || err != nil || res.Decision != audit.Denied {
		t.Fatalf("prepare of a denied body: %v %v %+v", pr, err, res)
	}
	// Call on the same run does not ask the approver (who would say yes) either.
	if res, _ := run.Call(ctx, "addWatchListItem", []byte(addMatrix)); res.Decision != audit.Denied || rec.toolRequests() != 0 {
		t.Fatalf("call of a denied body: %+v, %d requests", res, rec.toolRequests())
	}
	want := []string{"denied", "denied", "denied"}
	if got := auditDecisions(&buf); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("audit decisions %v, want %v", got, want)
	}
}

func TestResumeOnAnotherRunSendsNothing(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	a, b := rt.NewRun(nil, nil), rt.NewRun(nil, nil)
	pr, _, _ := a.Prepare(context.Background(), "addWatchListItem", []byte(addMatrix))
	if res, _ := b.Resume(context.Background(), pr, gate.Decision{Approved: true}); res.Decision != audit.Denied || rec.toolRequests() != 0 {
		t.Fatalf("resume on another run: %+v, %d requests", res, rec.toolRequests())
	}
	if res, _ := a.Resume(context.Background(), nil, gate.Decision{Approved: true}); res.Decision != audit.Denied {
		t.Fatalf("resume of nil: %+v", res)
	}
}

func TestReadsNeedNoApproval(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	run := rt.NewRun(nil, nil)
	pr, _, _ := run.Prepare(context.Background(), "movie", []byte(`{"id":"42"}`))
	if pr == nil || pr.NeedsApproval() {
		t.Fatalf("read prepared as needing approval: %+v", pr)
	}
	if res, err := run.Resume(context.Background(), pr, gate.Decision{}); err != nil || res.IsError || !strings.Contains(res.Text, "The Matrix") || rec.toolRequests() != 1 {
		t.Fatalf("read: %v %+v", err, res)
	}
}
