// Command agent runs the catalog's tools: a numbered menu, `catalog`, `call`, `probe-depth`,
// and the `agent` and `mcp` commands registered by their own files. The endpoint comes from
// -endpoint, agent.yaml or AGENT_ENDPOINT; the Movie Database demo is a separate program,
// cmd/moviedb, so this binary carries no demo server, JWT signing or password hashing.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/toolgen/toolgen/internal/gctune"
)

func main() {
	gctune.Start() // a serving agent allocates mostly garbage per call over a small live heap
	// SIGTERM too: an MCP host stops its server that way, and a pending approval must be
	// cancelled, not left hanging.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
