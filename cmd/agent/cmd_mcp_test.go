package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestMCPRefusesBadOptionsBeforeStarting(t *testing.T) {
	for _, args := range [][]string{
		{"mcp", "-approve", "yes"},
		{"mcp", "-http", "0.0.0.0:0"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
		if code == 0 || stdout.Len() != 0 || strings.Contains(stderr.String(), "catalog sha256:") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
}
