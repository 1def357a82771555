package main

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

// A process serving MCP on stdio, whose stdin is closed right after a request, writes the reply
// before it exits: 20 runs of the real process, none lost.
func TestStdioRepliesBeforeExit(t *testing.T) {
	if os.Getenv("AGENT_TEST_PROCESS") == "1" {
		os.Exit(run(context.Background(), []string{"mcp"}, os.Stdin, os.Stdout, os.Stderr))
	}
	if testing.Short() {
		t.Skip("runs the agent as a process 20 times")
	}
	in := initializeLine + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"movie","arguments":{"id":"42"}}}` + "\n"
	demo := moviedbtest.Start(t).URL
	lost := 0
	for range 20 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStdioRepliesBeforeExit$")
		cmd.Env = append(os.Environ(), "AGENT_TEST_PROCESS=1", "AGENT_TOKEN=", "AGENT_PASSWORD=", EndpointEnv+"="+demo)
		cmd.Stdin = strings.NewReader(in) // closed at its end, right after the request
		out, err := cmd.Output()
		if err != nil || !strings.Contains(string(out), `"id":2`) || !strings.Contains(string(out), "The Matrix") {
			lost++
		}
	}
	if lost > 0 {
		t.Errorf("%d of 20 runs lost the reply", lost)
	}
}

const initializeLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
