package main

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/toolgen/toolgen/toolrt/budget"
)

// TestNegativeCeilingNamesTheFlag: a negative ceiling used to be taken as "none allowed"
// silently; 0 meant the default. Now 0 is kept as 0 and a negative value is an error.
func TestNegativeCeilingNamesTheFlag(t *testing.T) {
	t.Chdir(t.TempDir()) // no agent.yaml
	for flag, cmd := range map[string]string{"-max-tool-calls": "mcp", "-max-model-calls": "agent"} {
		_, _, err := parseSettings(cmd, []string{flag, "-1"}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), flag+" -1") {
			t.Errorf("%s -1: err %v, want an error naming the flag", flag, err)
		}
	}
	s, _, err := parseSettings("agent", []string{"-max-tool-calls", "0"}, io.Discard)
	if err != nil || s.limits("").ToolCalls != 0 {
		t.Errorf("-max-tool-calls 0: %v, ceiling %d; want 0", err, s.limits("").ToolCalls)
	}
}

// An MCP session lasts as long as its host keeps it open, over many questions: by default it may
// make 50 tool calls, where an agent run answering one question makes 6. agent.yaml and the flag
// still decide when they say.
func TestMCPSessionCeilingDefault(t *testing.T) {
	t.Chdir(t.TempDir())
	for cmd, want := range map[string]int{"mcp": 50, "agent": 6, "call": 6} {
		s, _, err := parseSettings(cmd, nil, io.Discard)
		if err != nil || s.MaxToolCalls != want {
			t.Errorf("%s: ceiling %d (err %v), want %d", cmd, s.MaxToolCalls, err, want)
		}
	}
	if err := os.WriteFile(configFile, []byte("max-tool-calls: 3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, _, err := parseSettings("mcp", nil, io.Discard); err != nil || s.MaxToolCalls != 3 {
		t.Errorf("mcp with agent.yaml max-tool-calls 3: ceiling %d (err %v)", s.MaxToolCalls, err)
	}
}

// The MCP server's ceiling is per caller and per window (a lifetime count refused everyone once
// it was spent): 100/1m by default; the flag and agent.yaml say CALLS/WINDOW, and a malformed
// or negative one names the setting.
func TestCallsPerCallerSetting(t *testing.T) {
	t.Chdir(t.TempDir())
	s, _, err := parseSettings("mcp", nil, io.Discard)
	if err != nil || s.MaxCallsPerCaller.String() != "100/1m" {
		t.Errorf("default: %v (err %v), want 100/1m", s.MaxCallsPerCaller.String(), err)
	}
	if s, _, err = parseSettings("mcp", []string{"-max-calls-per-caller", "30/10s"}, io.Discard); err != nil || s.MaxCallsPerCaller.Rate != (budget.Rate{N: 30, Per: 10 * time.Second}) {
		t.Errorf("-max-calls-per-caller 30/10s: %v (err %v)", s.MaxCallsPerCaller.String(), err)
	}
	for _, bad := range []string{"-1/1m", "500"} {
		var stderr strings.Builder
		if _, _, err := parseSettings("mcp", []string{"-max-calls-per-caller", bad}, &stderr); err == nil || !strings.Contains(stderr.String()+err.Error(), "-max-calls-per-caller") {
			t.Errorf("-max-calls-per-caller %s: err %v, stderr %q", bad, err, stderr.String())
		}
	}
	if err := os.WriteFile(configFile, []byte("max-calls-per-caller: 1000/1h\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, _, err := parseSettings("mcp", nil, io.Discard); err != nil || s.MaxCallsPerCaller.String() != "1000/1h" {
		t.Errorf("agent.yaml 1000/1h: %v (err %v)", s.MaxCallsPerCaller.String(), err)
	}
	if err := os.WriteFile(configFile, []byte("max-calls-per-caller: lots\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := parseSettings("mcp", nil, io.Discard); err == nil || !strings.Contains(err.Error(), "agent.yaml:1:23: max-calls-per-caller") {
		t.Errorf("agent.yaml lots: err %v", err)
	}
}
