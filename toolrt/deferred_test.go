package toolrt

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// memDeferrer records proposals in memory, keyed like the store: same key and body is a retry,
// same key with another body a conflict.
type memDeferrer struct {
	mu      sync.Mutex
	writes  map[string]DeferredWrite
	expires time.Time
	fail    error
}

func (m *memDeferrer) Propose(_ context.Context, w DeferredWrite) (Receipt, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return Receipt{}, m.fail
	}
	if m.writes == nil {
		m.writes = map[string]DeferredWrite{}
	}
	if old, ok := m.writes[w.Key]; ok {
		if old.BodySHA != w.BodySHA {
			return Receipt{}, &ConflictError{ID: "req-" + old.Key[:6]}
		}
		return Receipt{ID: "req-" + w.Key[:6], State: "pending", Expires: m.expires, Retried: true}, nil
	}
	m.writes[w.Key] = w
	m.expires = time.Now().Add(time.Minute)
	return Receipt{ID: "req-" + w.Key[:6], State: "pending", Expires: m.expires}, nil
}

func TestDeferredRunSendsNoWrite(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	var trail bytes.Buffer
	rt := newRuntime(t, endpoint, asUser(Config{Audit: audit.New(&trail, false)}))
	d := &memDeferrer{}
	b := budget.New(budget.Defaults())
	run := rt.NewDeferredRun(b, d)
	ctx := context.Background()
	noted := `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE","userNotes":"the user loves it"}}`

	first, err := run.Call(ctx, "addWatchListItem", []byte(noted))
	if err != nil || first.IsError || first.Decision != audit.Deferred || !strings.Contains(first.Text, "Recorded, not done") {
		t.Fatalf("proposal: %+v %v", first, err)
	}
	retry, _ := run.Call(ctx, "addWatchListItem", []byte(noted))
	other, _ := run.Call(ctx, "addWatchListItem", []byte(strings.Replace(noted, "loves", "hates", 1)))
	if !other.IsError || !strings.Contains(other.Text, "not recorded") {
		t.Errorf("same target, other notes: %+v", other)
	}
	if len(d.writes) != 1 || retry.Text != first.Text {
		t.Errorf("%d writes recorded; retry said %s", len(d.writes), retry.Text)
	}
	if _, tools := b.Counts(); tools != 3 {
		t.Errorf("budget counted %d tool calls for 3 calls", tools)
	}
	if res, _ := run.Call(ctx, "myWatchLists", []byte(`{}`)); res.IsError {
		t.Errorf("a read in a deferred run failed: %s", res.Text)
	}
	if n := rec.count("Tool_addWatchListItem"); n != 0 {
		t.Errorf("a deferred run sent %d writes", n)
	}
	for _, w := range d.writes {
		want := []ModelText{{Path: "input.userNotes", Value: "the user loves it"}}
		if diff := cmp.Diff(want, w.ModelText); diff != "" || w.User != testUser || w.Role != rt.Role() {
			t.Errorf("model text (-want +got):\n%s; user %q", diff, w.User)
		}
		var body struct{ Query string }
		if json.Unmarshal(w.Body, &body) != nil || body.Query != w.Operation {
			t.Errorf("recorded body %s", w.Body)
		}
	}
	decisions := decisionsIn(t, trail.String())
	if diff := cmp.Diff([]string{"deferred", "deferred", "conflict", "allowed"}, decisions); diff != "" {
		t.Errorf("audit decisions (-want +got):\n%s", diff)
	}
}

func TestDeferredStoreFailureSendsNothing(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	run := rt.NewDeferredRun(budget.New(budget.Defaults()), &memDeferrer{fail: errors.New("disk full")})
	res, err := run.Call(context.Background(), "addWatchListItem", []byte(addMatrix))
	if err != nil || !res.IsError || strings.Contains(res.Text, "disk full") || res.Ref == "" {
		t.Errorf("store failure: %+v %v", res, err)
	}
	if n := rec.toolRequests(); n != 0 {
		t.Errorf("sent %d requests", n)
	}
}

func TestSendStoredChecksTheBody(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	var trail bytes.Buffer
	rt := newRuntime(t, endpoint, asUser(Config{Audit: audit.New(&trail, false)}))
	d := &memDeferrer{}
	run := rt.NewDeferredRun(budget.New(budget.Defaults()), d)
	if _, err := run.Call(context.Background(), "addWatchListItem", []byte(addMatrix)); err != nil {
		t.Fatal(err)
	}
	var w DeferredWrite
	for _, w = range d.writes {
	}
	stored := StoredWrite{Request: "req-1", Tool: w.Tool, Body: w.Body, BodySHA: hexSHA(w.Body), Caller: "https://issuer#alice"}
	for name, bad := range map[string]StoredWrite{
		"other tool":       {Request: "r", Tool: "movie", Body: w.Body, BodySHA: stored.BodySHA},
		"hash mismatch":    {Request: "r", Tool: w.Tool, Body: w.Body, BodySHA: strings.Repeat("0", 64)},
		"other operation":  rehash(stored, bytes.Replace(w.Body, []byte("watched"), []byte("watched userNotes"), 1)),
		"extra field":      rehash(stored, append(bytes.Clone(bytes.TrimSuffix(w.Body, []byte("}"))), []byte(`,"extensions":{}}`)...)),
		"invalid variable": rehash(stored, bytes.Replace(w.Body, []byte(`"MOVIE"`), []byte(`"BOOK"`), 1)),
	} {
		if _, err := rt.SendStored(context.Background(), bad); err == nil {
			t.Errorf("%s: sent", name)
		}
	}
	if n := rec.count("Tool_addWatchListItem"); n != 0 {
		t.Fatalf("a refused stored write reached the server %d times", n)
	}
	trail.Reset()
	res, err := rt.SendStored(context.Background(), stored)
	if err != nil || res.IsError || rec.count("Tool_addWatchListItem") != 1 {
		t.Errorf("send: %+v %v", res, err)
	}
	// The trail says whose model asked for the write it confirms.
	for _, line := range strings.Split(strings.TrimSpace(trail.String()), "\n") {
		var r audit.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Caller != stored.Caller {
			t.Errorf("confirm's audit record %s: caller %q, want %q (%v)", line, r.Caller, stored.Caller, err)
		}
	}
}

func rehash(w StoredWrite, body []byte) StoredWrite {
	w.Body, w.BodySHA = body, hexSHA(body)
	return w
}

func decisionsIn(t *testing.T, trail string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(trail), "\n") {
		var r audit.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("audit line %q: %v", line, err)
		}
		out = append(out, string(r.Decision))
	}
	return out
}

func hexSHA(b []byte) string { return strings.TrimPrefix(catalog.FileDigest(b), "sha256:") }

// FuzzCheckStored: whatever bytes a store holds, CheckStored never panics and accepts only the
// exact body this catalog builds for the tool.
func FuzzCheckStored(f *testing.F) {
	rt, err := New(testCatalog(f), Config{Endpoint: "http://127.0.0.1:1/graphql", Role: "concierge"})
	if err != nil {
		f.Fatal(err)
	}
	p, err := prepare(rt.byName["addWatchListItem"], []byte(addMatrix))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(p.body)
	f.Add([]byte(`{"query":"mutation { x }","variables":{},"operationName":"X"}`))
	f.Add([]byte(`{"query":1}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		err := rt.CheckStored(StoredWrite{Request: "req-f", Tool: "addWatchListItem", Body: body, BodySHA: hexSHA(body)})
		if err == nil {
			q, perr := prepare(rt.byName["addWatchListItem"], variablesOf(t, body))
			if perr != nil || !bytes.Equal(q.body, body) {
				t.Errorf("accepted a body this catalog does not build: %s", body)
			}
		}
	})
}

func variablesOf(t *testing.T, body []byte) []byte {
	var b struct{ Variables json.RawMessage }
	if err := json.Unmarshal(body, &b); err != nil {
		t.Fatalf("accepted a body that is not JSON: %s", body)
	}
	return b.Variables
}
