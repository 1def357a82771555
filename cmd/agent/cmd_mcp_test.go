package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitMCPArgs(t *testing.T) {
	for in, want := range map[string]string{
		"mcp -role concierge -user user -approve elicit":   "mcp -role concierge -user user -- -approve elicit",
		"mcp -http=127.0.0.1:1 -http-allow-remote -role x": "mcp -role x -- -http=127.0.0.1:1 -http-allow-remote",
		"mcp -role concierge":                              "mcp -role concierge",
		"call -approve elicit":                             "call -approve elicit",
		"mcp -- -approve host":                             "mcp -- -approve host",
	} {
		got := strings.Join(splitMCPArgs(strings.Fields(in)), " ")
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", in, diff)
		}
	}
}

func TestMCPRefusesBadOptionsBeforeStarting(t *testing.T) {
	for _, args := range [][]string{
		{"mcp", "--", "-approve", "yes"},
		{"mcp", "--", "-http", "0.0.0.0:0"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
		if code == 0 || stdout.Len() != 0 || strings.Contains(stderr.String(), "embedded Movie Database") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
}
