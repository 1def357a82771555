// Command agent runs the catalog's tools: a numbered menu, `catalog`, `call`, `probe-depth`,
// and the `agent` and `mcp` commands registered by their own files. With no endpoint it starts
// the embedded Movie Database server on a loopback port.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
