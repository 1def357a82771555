package mcpserve

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/budget"
)

// nopCloser is a stdout that records everything written before the server returned.
type nopCloser struct{ bytes.Buffer }

func (*nopCloser) Close() error { return nil }

// A client that writes its request and closes stdin at once (a script piping into the server)
// still gets every reply: the server answers what it has read before it exits. 20 runs, none lost.
func TestStdinClosedRightAfterRequestLosesNoReply(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	s := f.server(t, Deny, budget.Defaults())
	in := initialize + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"movie","arguments":{"id":"42"}}}` + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}` + "\n"
	lost := 0
	for range 20 {
		var out nopCloser
		if err := s.ServeIO(context.Background(), readCloser{strings.NewReader(in)}, &out); err != nil {
			t.Fatalf("ServeIO: %v", err)
		}
		got := out.String()
		if !strings.Contains(got, `"id":2`) || !strings.Contains(got, "The Matrix") || !strings.Contains(got, `"id":3`) {
			lost++
		}
	}
	if lost > 0 {
		t.Errorf("%d of 20 runs lost a reply", lost)
	}
}

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }
