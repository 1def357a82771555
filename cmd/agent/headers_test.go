package main

import (
	"io"
	"strings"
	"testing"
)

// A bad -token-header or -header is named by its flag, and a fixed header that reads as a
// credential says where the secret goes instead.
func TestHeaderFlagsAreNamed(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-token-header", "Host:"}, "-token-header: Host describes the request itself"},
		{[]string{"-header", "X-Hasura-Admin-Secret: s"}, "-header: X-Hasura-Admin-Secret reads as a credential"},
		{[]string{"-header", "X-Hasura-Admin-Secret: s"}, "(export it as AGENT_TOKEN and pass -token-header)"},
		{[]string{"-header", "Content-Type: text/plain"}, "-header: Content-Type describes the request itself"},
	} {
		_, _, err := parseSettings("call", c.args, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
	}
}
