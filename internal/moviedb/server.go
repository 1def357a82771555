// Package moviedb is the Movie Database demo server: the seed course's GraphQL service rebuilt in
// Go, serving the project's schema.graphql over HTTP at /graphql with the course's seeded data
// (users, watch lists, 71 movies, 3 TV shows, people, reviews) and its rules (JWT login,
// owner-only watch lists, errors as data, a query depth limit of 15).
//
// It is the runtime's default endpoint and the fixture of the integration tests. NewHandler gives
// a fresh, independent state each call; Start runs one on a loopback port until its context ends.
// The facts it follows are in docs/demo-data.md.
package moviedb

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"sync"
	"time"

	graphql "github.com/graph-gophers/graphql-go"
	"github.com/toolgen/toolgen"
)

// NewHandler returns a freshly seeded server serving POST /graphql. Each call has its own
// accounts and watch lists; the read-only catalogue is shared.
func NewHandler() (http.Handler, error) {
	st := newState(sharedCatalog())
	// UseStringDescriptions: the schema documents with """strings"""; its # lines are comments.
	schema, err := graphql.ParseSchema(toolgen.Schema, &root{st},
		graphql.UseStringDescriptions(), graphql.UseFieldResolvers())
	if err != nil {
		return nil, fmt.Errorf("moviedb: serving schema.graphql: %w", err)
	}
	return recoverer(&handler{schema: schema, st: st}), nil
}

// Server is a running demo server.
type Server struct {
	srv       *http.Server
	url       string
	stopWatch func() bool // unhooks Close from Start's context
	closeOnce sync.Once
	closeErr  error
}

// Start serves a fresh handler on addr ("" means 127.0.0.1 on a random port) until ctx ends or
// Close is called.
func Start(ctx context.Context, addr string) (*Server, error) {
	h, err := NewHandler()
	if err != nil {
		return nil, err
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("moviedb: %w", err)
	}
	var fresh freshConns
	s := &Server{
		srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
			WriteTimeout: 30 * time.Second, IdleTimeout: time.Minute, ConnState: fresh.track},
		url: endpointURL(ln.Addr().(*net.TCPAddr)),
	}
	s.srv.RegisterOnShutdown(fresh.closeAll)
	go func() {
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Printf("moviedb: serving: %v", err)
		}
	}()
	s.stopWatch = context.AfterFunc(ctx, func() { _ = s.Close() })
	return s, nil
}

// endpointURL is the URL a client on this machine uses; an unspecified address is reached on loopback.
func endpointURL(a *net.TCPAddr) string {
	host := a.IP.String()
	if a.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, fmt.Sprint(a.Port)) + "/graphql"
}

// URL is the GraphQL endpoint, e.g. "http://127.0.0.1:8081/graphql".
func (s *Server) URL() string { return s.url }

// Close stops the server, letting requests in flight finish for up to five seconds. It is safe to
// call more than once and together with the end of Start's context.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.stopWatch()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.srv.Shutdown(ctx); err != nil {
			s.closeErr = errors.Join(err, s.srv.Close())
		}
	})
	return s.closeErr
}

// freshConns tracks connections that have not sent a request yet. Shutdown waits five seconds
// for those (a client that dialled spare connections leaves some), so Close closes them at once.
type freshConns struct {
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func (f *freshConns) track(c net.Conn, state http.ConnState) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if state != http.StateNew {
		delete(f.conns, c)
		return
	}
	if f.conns == nil {
		f.conns = map[net.Conn]struct{}{}
	}
	f.conns[c] = struct{}{}
}

// closeAll runs when Shutdown starts, after the listener is closed.
func (f *freshConns) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		_ = c.Close()
	}
}
