// Command moviedb runs the Movie Database demo GraphQL server until interrupted:
//
//	go run ./cmd/moviedb -addr 127.0.0.1:8081
//
// It prints the endpoint URL, serves POST /graphql with freshly seeded data, and shuts down cleanly
// on SIGINT or SIGTERM. It listens on loopback only unless -public is given.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/toolgen/toolgen/internal/loopback"
	"github.com/toolgen/toolgen/internal/moviedb"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "moviedb:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("moviedb", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8081", "listen address; the course expects port 8081")
	public := fs.Bool("public", false, "allow a non-loopback address (the seeded passwords are public)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkAddr(*addr, *public); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv, err := moviedb.Start(ctx, *addr)
	if err != nil {
		return err
	}
	fmt.Println(srv.URL())
	<-ctx.Done()
	return srv.Close()
}

// checkAddr refuses to listen beyond this machine unless asked to: anyone who can reach the port
// can log in with the documented passwords.
func checkAddr(addr string, public bool) error {
	err := loopback.Allowed(addr, public)
	switch {
	case errors.Is(err, loopback.ErrRemote):
		return fmt.Errorf("-addr %w; pass -public to serve it anyway", err)
	case err != nil:
		return fmt.Errorf("bad -addr: %w", err)
	}
	return nil
}
