package toolrt

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

const addMatrix = `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"}}`

func TestDeniedWriteSendsNothing(t *testing.T) {
	t.Parallel()
	// A person's no reads as the user's decline; no approver at all as nobody to ask.
	want := map[gate.Approver]string{gate.DenyAll{}: gate.CannotAskResult, nil: gate.CannotAskResult}
	for _, approver := range []gate.Approver{gate.DenyAll{}, &scripted{answers: []string{"n"}}, &scripted{}, nil} {
		endpoint, rec := startMovieDB(t)
		rt := newRuntime(t, endpoint, asUser(Config{}))
		run := rt.NewRun(budget.New(budget.Defaults()), approver)
		res, err := run.Call(context.Background(), "addWatchListItem", []byte(addMatrix))
		if err != nil {
			t.Fatal(err)
		}
		text, ok := want[approver]
		if !ok {
			text = gate.DeniedResult
		}
		if res.Decision != audit.Denied || !res.IsError || res.Text != text {
			t.Errorf("%T: result = %+v, want the denial %s", approver, res, text)
		}
		if n := rec.toolRequests(); n != 0 {
			t.Errorf("%T: a denied write sent %d requests", approver, n)
		}
		for _, leak := range []string{"approv", "gate", "yes", "retry", "ask again"} {
			if strings.Contains(strings.ToLower(res.Text), leak) {
				t.Errorf("denial mentions %q: %s", leak, res.Text)
			}
		}
	}
}

func TestApprovedWriteAddsTheMatrixOnce(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	approver := &scripted{answers: []string{"y", "no"}}
	run := rt.NewRun(budget.New(budget.Defaults()), approver)
	ctx := context.Background()

	res, err := run.Call(ctx, "addWatchListItem", []byte(addMatrix))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"data":{"addWatchListItem":{"success":true,"item":{"id":"5","titleType":"MOVIE","watched":false,"userNotes":null},"error":null}}}`
	if diff := cmp.Diff(want, res.Text); diff != "" || res.IsError {
		t.Errorf("isError %v; result (-want +got):\n%s", res.IsError, diff)
	}
	// The approval was used once: the identical call asks again, and this time it is declined.
	res, _ = run.Call(ctx, "addWatchListItem", []byte(addMatrix))
	if res.Decision != audit.Denied {
		t.Errorf("second identical write was not asked about again: %+v", res)
	}
	if n := rec.count("Tool_addWatchListItem"); n != 1 {
		t.Errorf("server saw %d writes, want 1", n)
	}
	if n := approver.asked.Load(); n != 2 {
		t.Errorf("approver asked %d times, want 2", n)
	}
	lists := postQuery(t, endpoint, rt.session.Token(), `{ watchList(id: "1") { items { titleType title { id } } } }`)
	if got := strings.Count(lists, `"title":{"id":"42"}`); got != 1 {
		t.Errorf("The Matrix is on list 1 %d times: %s", got, lists)
	}
}

func TestApproverSeesExactlyWhatIsSent(t *testing.T) {
	t.Parallel()
	endpoint, _ := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	approver := &scripted{answers: []string{"n"}}
	run := rt.NewRun(nil, approver)
	flat := `{"titleType":"MOVIE","titleId":"42","watchListId":"1","userNotes":"<b>&` + "\u202e" + `"}`
	if _, err := run.Call(context.Background(), "addWatchListItem", []byte(flat)); err != nil {
		t.Fatal(err)
	}
	req := approver.seen[0]
	wantVars := `{"input":{"titleId":"42","titleType":"MOVIE","userNotes":"<b>&` + "\u202e" + `","watchListId":"1"}}`
	if diff := cmp.Diff(wantVars, string(req.Variables)); diff != "" {
		t.Errorf("variables shown (-want +got):\n%s", diff)
	}
	p, err := prepare(rt.byName["addWatchListItem"], []byte(flat))
	if err != nil {
		t.Fatal(err)
	}
	if p.sha != req.BodySHA || !strings.Contains(string(p.body), wantVars) || req.Operation != rt.byName["addWatchListItem"].Operation {
		t.Errorf("approval request does not describe the body %s", p.body)
	}
}

func TestRepeatedDeniedCallIsNotAskedAgain(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	approver := &scripted{answers: []string{"n", "y"}}
	run := rt.NewRun(budget.New(budget.Limits{ToolCalls: 10}), approver)
	for range 3 {
		res, _ := run.Call(context.Background(), "addWatchListItem", []byte(addMatrix))
		if res.Decision != audit.Denied {
			t.Fatalf("repeated denied call went through: %+v", res)
		}
	}
	// The flattened form builds the same body, so it is the same denied call.
	flat := `{"watchListId":"1","titleId":"42","titleType":"MOVIE"}`
	if res, _ := run.Call(context.Background(), "addWatchListItem", []byte(flat)); res.Decision != audit.Denied {
		t.Errorf("flattened form of a denied call went through: %+v", res)
	}
	if n := approver.asked.Load(); n != 1 {
		t.Errorf("approver asked %d times, want 1", n)
	}
	if n := rec.toolRequests(); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func TestCancelDuringApprovalEndsTheRun(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	lines := gate.NewLines(blockingReader{})
	var out strings.Builder
	run := rt.NewRun(nil, gate.NewConsole(lines, &out))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := run.Call(ctx, "addWatchListItem", []byte(addMatrix))
		done <- err
	}()
	cancel() // Ctrl-C
	if err := <-done; err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if n := rec.toolRequests(); n != 0 {
		t.Errorf("%d requests sent after cancel", n)
	}
}

// blockingReader never returns: a terminal nobody types into.
type blockingReader struct{}

func (blockingReader) Read([]byte) (int, error) { select {} }
