package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
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
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "toolgen introspect: want one URL or introspection JSON file; e.g. toolgen introspect -o schema.graphql https://api.example.com/graphql")
		return 2
	}
	s, err := loadIntrospection(fs.Arg(0), headers.h, *timeout)
	if err == nil {
		var sdl []byte
		if sdl, err = introspect.SDL(s); err == nil {
			err = writeOutput(*out, sdl, false, stdout)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "toolgen introspect: %v\n", err)
		return 1
	}
	return 0
}

// loadIntrospection asks the endpoint, or reads the file when the argument is not a URL.
func loadIntrospection(target string, h http.Header, timeout time.Duration) (*introspect.Schema, error) {
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		data, ferr := os.ReadFile(target)
		if ferr != nil {
			return nil, fmt.Errorf("%s is neither an http(s) URL nor a readable file: %v", target, ferr)
		}
		s, perr := introspect.Parse(data)
		if perr != nil {
			return nil, fmt.Errorf("%s: %v", target, perr)
		}
		return s, nil
	}
	if err := plainHTTPCheck(u, h); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := &introspect.Client{URL: target, Header: h, HTTP: &http.Client{CheckRedirect: noRedirect}}
	return c.Fetch(ctx)
}

// plainHTTPCheck refuses to send headers (credentials, usually) in clear text off this machine.
func plainHTTPCheck(u *url.URL, h http.Header) error {
	if u.Scheme != "http" || len(h) == 0 {
		return nil
	}
	port := u.Port()
	if port == "" {
		port = "80"
	}
	if ok, _ := loopback.Addr(net.JoinHostPort(u.Hostname(), port)); ok {
		return nil
	}
	return fmt.Errorf("refusing to send headers over plain http to %s; use https", u.Host)
}

// noRedirect keeps headers from following a redirect to another host.
func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
