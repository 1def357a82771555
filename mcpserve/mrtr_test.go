package mcpserve

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

const withNote = `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE","userNotes":"%s"}}`

func note(s string) string { return strings.Replace(withNote, "%s", s, 1) }

func TestServesModernAndOlderProtocolVersions(t *testing.T) {
	t.Parallel()
	sdk := mcp.SupportedProtocolVersions()
	for _, v := range protocolVersions {
		if !slices.Contains(sdk, v) {
			t.Errorf("version %s is not one the SDK supports (%v)", v, sdk)
		}
	}
	if protocolVersions[0] != modern {
		t.Fatalf("newest served version %s, want %s", protocolVersions[0], modern)
	}
	f := newFixture(t)
	s := f.server(t, Elicit, budget.Defaults())
	for _, v := range []string{"", modern, legacy, "2025-06-18", "2025-03-26", "2024-11-05"} {
		cs := connectWith(t, s, clientOpts{version: v})
		if got := cs.InitializeResult().ProtocolVersion; v == "" && got != modern {
			t.Errorf("a default SDK client negotiated %s, want %s", got, modern)
		}
	}
}

// TestElicitAcrossVersions runs the elicit gate with the SDK client doing the retries itself:
// under 2026-07-28 as input requests and retried calls, under older versions through the SDK's
// server middleware eliciting inside the call.
func TestElicitAcrossVersions(t *testing.T) {
	t.Parallel()
	for _, v := range []string{modern, legacy, "2024-11-05"} {
		t.Run(v, func(t *testing.T) {
			f := newFixture(t)
			before := f.itemCount(t)
			e := &elicitor{answers: []string{"decline", "cancel", "accept"}}
			s := f.server(t, Elicit, budget.Defaults())
			cs := connectWith(t, s, clientOpts{version: v, e: e})
			for _, args := range []string{addMatrix, note("later")} {
				if text, isErr := call(t, cs, "addWatchListItem", args); !isErr || text != gate.DeniedResult {
					t.Fatalf("declined or cancelled write: isError %v, %s", isErr, text)
				}
			}
			if text, isErr := call(t, cs, "addWatchListItem", addMatrix); !isErr || text != gate.DeniedResult || len(e.asked()) != 2 {
				t.Fatalf("repeated declined write: isError %v, asked %d, %s", isErr, len(e.asked()), text)
			}
			if f.itemCount(t) != before {
				t.Fatalf("a declined write was sent")
			}
			if text, isErr := call(t, cs, "addWatchListItem", note("friday")); isErr || !strings.Contains(text, `"id":"5"`) {
				t.Fatalf("accepted write: isError %v, %s", isErr, text)
			}
			if after := f.itemCount(t); after != before+1 {
				t.Fatalf("accept added %d items, want exactly 1", after-before)
			}
			if n := len(pendingStates(s)); n != 0 {
				t.Errorf("%d writes still pending", n)
			}
		})
	}
}

func TestElicitWithoutClientSupportRefusesAcrossVersions(t *testing.T) {
	t.Parallel()
	for _, v := range []string{modern, legacy} {
		f := newFixture(t)
		before := f.itemCount(t)
		cs := connectWith(t, f.server(t, Elicit, budget.Defaults()), clientOpts{version: v})
		text, isErr := call(t, cs, "addWatchListItem", addMatrix)
		if !isErr || text != gate.CannotAskResult || f.itemCount(t) != before {
			t.Fatalf("%s, client without elicitation: isError %v, %s", v, isErr, text)
		}
	}
}

// TestElicitCountsTheWriteOnce gives a session a budget of one tool call: the write and its
// retry are one call, and the next call is over budget.
func TestElicitCountsTheWriteOnce(t *testing.T) {
	t.Parallel()
	for _, v := range []string{modern, legacy} {
		t.Run(v, func(t *testing.T) {
			f := newFixture(t)
			before := f.itemCount(t)
			e := &elicitor{answers: []string{"accept"}}
			cs := connectWith(t, f.server(t, Elicit, budget.Limits{ToolCalls: 1}), clientOpts{version: v, e: e})
			if text, isErr := call(t, cs, "addWatchListItem", addMatrix); isErr {
				t.Fatalf("accepted write within a budget of one: %s", text)
			}
			if f.itemCount(t) != before+1 {
				t.Fatalf("items %d -> %d, want one more", before, f.itemCount(t))
			}
			if text, isErr := call(t, cs, "movie", `{"id":"42"}`); !isErr || !strings.Contains(text, "budget") {
				t.Fatalf("second call after a budget of one: isError %v, %s", isErr, text)
			}
		})
	}
}

// TestModernRetriesCannotBeForged plays a 2026-07-28 client that retries by hand: declined,
// replayed, forged and altered retries send nothing; one accepted retry sends once.
func TestModernRetriesCannotBeForged(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	cs := connectWith(t, f.server(t, Elicit, budget.Defaults()), clientOpts{version: modern, e: &elicitor{}, manual: true})

	state := askFor(t, cs, addMatrix)
	wantDenied(t, "declined", callRaw(t, cs, retry(addMatrix, state, "decline")), gate.DeniedResult)
	wantDenied(t, "replayed decline as accept", callRaw(t, cs, retry(addMatrix, state, "accept")), gate.DeniedResult)
	wantDenied(t, "forged state", callRaw(t, cs, retry(note("x"), "forged-state", "accept")), gate.DeniedResult)
	wantDenied(t, "answer without state", callRaw(t, cs, retry(note("y"), "", "accept")), gate.DeniedResult)

	state = askFor(t, cs, note("a"))
	wantDenied(t, "other arguments", callRaw(t, cs, retry(note("b"), state, "accept")), gate.DeniedResult)
	wantDenied(t, "right arguments after the mismatch", callRaw(t, cs, retry(note("a"), state, "accept")), gate.DeniedResult)

	state = askFor(t, cs, note("c"))
	wantDenied(t, "no answer", callRaw(t, cs, retry(note("c"), state, "")), gate.DeniedResult)
	if f.itemCount(t) != before {
		t.Fatalf("a refused retry wrote: %d -> %d", before, f.itemCount(t))
	}

	state = askFor(t, cs, note("d"))
	if res := callRaw(t, cs, retry(note("d"), state, "accept")); res.IsError || !strings.Contains(text(res), `"id":"5"`) {
		t.Fatalf("accepted retry: isError %v, %s", res.IsError, text(res))
	}
	wantDenied(t, "replayed accept", callRaw(t, cs, retry(note("d"), state, "accept")), gate.DeniedResult)
	if after := f.itemCount(t); after != before+1 {
		t.Fatalf("items %d -> %d, want exactly one more", before, after)
	}
}

// TestModernRetryOfAnotherSessionsState checks that a request state is bound to its session.
func TestModernRetryOfAnotherSessionsState(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	s := f.server(t, Elicit, budget.Defaults())
	owner := connectWith(t, s, clientOpts{version: modern, e: &elicitor{}, manual: true})
	thief := connectWith(t, s, clientOpts{version: modern, e: &elicitor{}, manual: true})
	state := askFor(t, owner, addMatrix)
	wantDenied(t, "state from another session", callRaw(t, thief, retry(addMatrix, state, "accept")), gate.DeniedResult)
	if f.itemCount(t) != before {
		t.Fatal("another session's state sent the write")
	}
	if res := callRaw(t, owner, retry(addMatrix, state, "accept")); res.IsError {
		t.Fatalf("owner's accepted retry: %s", text(res))
	}
}

// TestLegacyRetriesCannotBeForged plays an older client that sends request states itself,
// which the SDK middleware would never do: forged, replayed and altered states send nothing.
func TestLegacyRetriesCannotBeForged(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	s := f.server(t, Elicit, budget.Defaults())
	var cs *mcp.ClientSession
	var captured []string
	var altered *mcp.CallToolResult
	e := &elicitor{answers: []string{"decline", "accept", "accept"}}
	e.during = func() {
		captured = append(captured, pendingStates(s)...)
		if len(captured) == 2 { // the second write: the client retries it with other arguments mid-way
			altered = callRaw(t, cs, retry(note("other"), captured[1], "accept"))
		}
	}
	cs = connectWith(t, s, clientOpts{version: legacy, e: e})
	wantDenied(t, "forged state", callRaw(t, cs, retry(addMatrix, "forged-state", "accept")), gate.DeniedResult)
	wantDenied(t, "declined", callRaw(t, cs, &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(addMatrix)}), gate.DeniedResult)
	wantDenied(t, "replayed declined state", callRaw(t, cs, retry(addMatrix, captured[0], "accept")), gate.DeniedResult)

	res := callRaw(t, cs, &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(note("mine"))})
	wantDenied(t, "altered retry", altered, gate.DeniedResult)
	wantDenied(t, "the write whose state was altered", res, gate.DeniedResult)
	if f.itemCount(t) != before {
		t.Fatalf("a refused retry wrote: %d -> %d", before, f.itemCount(t))
	}

	if res := callRaw(t, cs, &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(note("ok"))}); res.IsError {
		t.Fatalf("accepted write: %s", text(res))
	}
	wantDenied(t, "replayed accepted state", callRaw(t, cs, retry(note("ok"), captured[2], "accept")), gate.DeniedResult)
	if after := f.itemCount(t); after != before+1 {
		t.Fatalf("items %d -> %d, want exactly one more", before, after)
	}
}

// TestSessionEndDeniesWaitingWrites checks that a write left waiting is not sent later.
func TestSessionEndDeniesWaitingWrites(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	s := f.server(t, Elicit, budget.Defaults())
	cs := connectWith(t, s, clientOpts{version: modern, e: &elicitor{}, manual: true})
	_ = askFor(t, cs, addMatrix)
	if n := len(pendingStates(s)); n != 1 {
		t.Fatalf("%d writes pending, want 1", n)
	}
	_ = cs.Close()
	deadline := time.Now().Add(10 * time.Second)
	for len(pendingStates(s)) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("a closed session still has a write waiting")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
