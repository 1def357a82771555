package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

// `agent call` listed -approve and ignored it: -approve deny sent the write. Now deny refuses
// the write unsent, elicit asks at the prompt (a "n" sends nothing, a "y" sends it), and host,
// call's default, sends what the person typed.
func TestCallApproveMeansWhatItSays(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", moviedbtest.Password)
	t.Setenv("AGENT_TOKEN", "")
	srv := moviedbtest.Start(t)
	title := 42 // a new title each time: adding one already on the list adds nothing
	call := func(stdin string, flags ...string) (string, string, int) {
		title++
		argv := append([]string{"call", "-endpoint", srv.URL, "-user", moviedbtest.User}, flags...)
		add := fmt.Sprintf(`{"watchListId":"1","titleId":"%d","titleType":"MOVIE"}`, title)
		return runAgent(t, stdin, append(argv, "addWatchListItem", add)...)
	}
	count := moviedbtest.ItemCount(t, srv.URL, "1")
	steps := []struct {
		name, stdin string
		flags       []string
		sent        bool
		stderr      string
	}{
		{"deny", "", []string{"-approve", "deny"}, false, "-approve is deny: nothing was sent"},
		{"elicit, refused", "n\n", []string{"-approve", "elicit"}, false, ""},
		{"elicit, approved", "y\n", []string{"-approve", "elicit"}, true, ""},
		{"host by default", "", nil, true, "call sent it with no gate"},
	}
	for _, s := range steps {
		out, errText, code := call(s.stdin, s.flags...)
		if s.sent {
			count++
		}
		if n := moviedbtest.ItemCount(t, srv.URL, "1"); n != count {
			t.Errorf("%s: list 1 has %d items, want %d (sent: %v)\nout:\n%s\nstderr:\n%s", s.name, n, count, s.sent, out, errText)
		}
		if (code == 0) != s.sent || !strings.Contains(errText, s.stderr) {
			t.Errorf("%s: exit %d, stderr %q, want it to contain %q", s.name, code, errText, s.stderr)
		}
	}
}
