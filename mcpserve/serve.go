// This file runs a Server over its two transports: stdio for a host that spawns the agent, and
// streamable HTTP on loopback for a host that connects to a running one.

package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/internal/loopback"
)

// ServeStdio serves one session on stdin and stdout until stdin closes or ctx ends. Nothing
// else may write to stdout meanwhile: it carries only protocol messages.
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.ServeIO(ctx, os.Stdin, nopWriteCloser{os.Stdout})
}

// ServeIO serves one session on r and w, as ServeStdio does on stdin and stdout.
// End of input waits until every request read has been answered (see drain.go).
func (s *Server) ServeIO(ctx context.Context, r io.ReadCloser, w io.WriteCloser) error {
	r, w = draining(ctx, r, w)
	return s.run(ctx, &mcp.IOTransport{Reader: r, Writer: w, MaxLineLength: MaxMessageBytes})
}

// run treats the client going away as the normal end of a stdio session.
func (s *Server) run(ctx context.Context, t mcp.Transport) error {
	err := s.mcp.Run(ctx, t)
	s.expireAll()
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, mcp.ErrConnectionClosed) || ctx.Err() != nil {
		return nil
	}
	return err
}

// Handler is the streamable HTTP endpoint. The SDK rejects requests whose Host header is not
// local when they arrive on a loopback address (DNS rebinding) and bodies over the limit;
// around it, from the outside in: the body deadline, the bearer check (with Auth), the
// session caps and cross-origin protection.
func (s *Server) Handler() http.Handler {
	limits := s.cfg.HTTP.withDefaults()
	var h http.Handler = mcp.NewStreamableHTTPHandler(s.serverFor, &mcp.StreamableHTTPOptions{
		MaxRequestBodyBytes: MaxMessageBytes,
		SessionTimeout:      30 * time.Minute, // an abandoned session's budget and gate go away
		Stateless:           s.cfg.Stateless,
	})
	// A browser page must not drive a local server that holds a login.
	h = http.NewCrossOriginProtection().Handler(h)
	if !s.cfg.Stateless { // a stateless server keeps no session to cap
		h = newSessionCap(s, limits).wrap(h)
	}
	if s.cfg.Auth != nil {
		h = s.authenticate(h)
	}
	return bodyDeadline(h, limits.BodyTimeout)
}

// Listen opens addr for ServeHTTP, refusing an address that is not loopback unless
// allowRemote is set: whoever reaches the port acts as the configured user.
func Listen(addr string, allowRemote bool) (net.Listener, error) {
	err := loopback.Allowed(addr, allowRemote)
	switch {
	case errors.Is(err, loopback.ErrRemote):
		return nil, fmt.Errorf("-http %w: anyone who can reach it acts as the configured user; use 127.0.0.1, or pass -http-allow-remote if you mean it", err)
	case err != nil:
		return nil, fmt.Errorf("-http: %w", err)
	}
	return net.Listen("tcp", addr)
}

// ServeHTTP serves streamable HTTP on ln until ctx ends, then shuts down, letting calls in
// flight finish for up to five seconds.
func (s *Server) ServeHTTP(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute, // a kept-alive connection nobody uses closes
		MaxHeaderBytes:    64 << 10,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	stopped := make(chan error, 1)
	go func() { stopped <- srv.Shutdown(shutdown) }() // no new connections; idle ones close
	s.waitIdle(shutdown)                              // calls in flight finish, within the grace
	select {                                          // and their answers are written
	case err := <-stopped:
		s.expireAll()
		return err
	case <-time.After(100 * time.Millisecond):
	}
	// An open event stream never goes idle on its own (and a client may open another), so
	// Shutdown alone would wait out the grace whenever a client is connected: end them now.
	for _, srv := range s.byRole {
		for ss := range srv.Sessions() {
			_ = ss.Close()
		}
	}
	err := srv.Close()
	if serr := <-stopped; serr != nil && !errors.Is(serr, context.DeadlineExceeded) {
		err = serr
	}
	s.expireAll()
	return err
}

// waitIdle returns when no tool call is in flight, or when ctx ends.
func (s *Server) waitIdle(ctx context.Context) {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for s.active.Load() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
