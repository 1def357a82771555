package main

import (
	"io"
	"strings"
	"testing"
)

// TestNegativeCeilingNamesTheFlag: a negative ceiling used to be taken as "none allowed"
// silently; 0 meant the default. Now 0 is kept as 0 and a negative value is an error.
func TestNegativeCeilingNamesTheFlag(t *testing.T) {
	t.Chdir(t.TempDir()) // no agent.yaml
	for _, flag := range []string{"-max-tool-calls", "-max-model-calls", "-max-tool-calls-total"} {
		_, _, err := parseSettings("mcp", []string{flag, "-1"}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), flag+" -1") {
			t.Errorf("%s -1: err %v, want an error naming the flag", flag, err)
		}
	}
	s, _, err := parseSettings("agent", []string{"-max-tool-calls", "0"}, io.Discard)
	if err != nil || s.limits("").ToolCalls != 0 {
		t.Errorf("-max-tool-calls 0: %v, ceiling %d; want 0", err, s.limits("").ToolCalls)
	}
}
