package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/toolgen/toolgen/internal/introspect"
	"github.com/toolgen/toolgen/internal/loopback"
)

func init() { subcommands["introspect"] = runIntrospect }

// headerFlags collects repeated -header 'Name: value' flags.
type headerFlags struct{ h http.Header }

func (f *headerFlags) String() string { return "" }

func (f *headerFlags) Set(s string) error {
	k, v, ok := strings.Cut(s, ":")
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	if !ok || k == "" || strings.ContainsAny(k, " \t") {
		return fmt.Errorf("%q is not 'Name: value' (e.g. -header 'Authorization: Bearer TOKEN')", s)
	}
	f.h.Add(k, v)
	return nil
}

// runIntrospect prints the SDL of a live endpoint (or of a saved introspection JSON file), ready
// to commit as the schema toolgen compiles.
func runIntrospect(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toolgen introspect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	headers := &headerFlags{h: http.Header{}}
	fs.Var(headers, "header", "an HTTP header 'Name: value' sent with the query; repeatable")
	timeout := fs.Duration("timeout", 60*time.Second, "for the whole exchange")
	out := fs.String("o", "", "write the SDL to this file, only when introspection succeeded (default: stdout)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen introspect [-header 'Name: value']… [-o schema.graphql] URL|FILE.json")
		fmt.Fprintln(stderr, "Prints the schema of a GraphQL endpoint (or of a saved introspection result) as SDL.")
		fs.PrintDefaults()
	}
	pos, err := parseAnyOrder(fs, args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if len(pos) != 1 {
		// The count only: a URL may carry a token, and stderr ends up in CI logs.
		fmt.Fprintf(stderr, "toolgen introspect: want one URL or introspection JSON file, got %d; e.g. toolgen introspect -o schema.graphql https://api.example.com/graphql\n", len(pos))
		return 2
	}
	s, name, err := loadIntrospection(pos[0], headers.h, *timeout)
	if err == nil {
		sdl, serr := []byte(s.ServiceSDL), error(nil) // a federation subgraph's own SDL
		if len(sdl) == 0 {
			sdl, serr = introspect.SDL(s) // adds to the warnings what it leaves out
		}
		for _, w := range s.Warnings {
			fmt.Fprintf(stderr, "toolgen introspect: warning: %s: %s\n", name, w)
		}
		if err = serr; err != nil {
			err = fmt.Errorf("%s: %w", name, err)
		} else {
			err = writeOutput(*out, sdl, false, stdout)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "toolgen introspect: %v\n", err)
		return 1
	}
	return 0
}

// loadIntrospection asks the endpoint, or reads the file when the argument is not a URL; name
// is the argument as messages show it (a URL without its password).
func loadIntrospection(target string, h http.Header, timeout time.Duration) (s *introspect.Schema, name string, err error) {
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		data, ferr := os.ReadFile(target)
		if ferr != nil {
			var pe *fs.PathError
			if errors.As(ferr, &pe) {
				ferr = pe.Err // its path is target, which may hold a password
			}
			return nil, target, fmt.Errorf("%s is neither an http(s) URL nor a readable file: %v", redacted(target), ferr)
		}
		s, perr := introspect.Parse(data)
		if perr != nil {
			return nil, target, fmt.Errorf("%s: %v", target, perr)
		}
		return s, target, nil
	}
	name = u.Redacted()
	if err := plainHTTPCheck(u, h); err != nil {
		return nil, name, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := &introspect.Client{URL: target, Header: h, HTTP: &http.Client{CheckRedirect: introspect.NoRedirect}}
	s, err = c.Fetch(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%w (no complete answer within -timeout %s; raise it for a slow server)", err, timeout)
	}
	return s, name, err
}

// redacted is s without the password, when s is a URL with one (a mistyped scheme, say).
func redacted(s string) string {
	if u, err := url.Parse(s); err == nil && u.User != nil {
		return u.Redacted()
	}
	return s
}

// plainHTTPCheck refuses to send headers or a URL's user and password (credentials, usually)
// in clear text off this machine.
func plainHTTPCheck(u *url.URL, h http.Header) error {
	if !loopback.InClear(u) || (len(h) == 0 && u.User == nil) {
		return nil
	}
	what := "headers"
	if len(h) == 0 {
		what = "the URL's user and password"
	}
	return fmt.Errorf("refusing to send %s over plain http to %s; use https", what, u.Host)
}
