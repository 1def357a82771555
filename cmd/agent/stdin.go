package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolgen/toolgen/toolrt/gate"
)

// linesReader hands the one stdin reader's lines to an MCP session, so a session started from
// the menu owns stdin instead of racing the menu's reader for it (newline-delimited JSON-RPC
// loses nothing by being read line by line).
type linesReader struct {
	ctx   context.Context
	lines *gate.Lines
	buf   []byte
}

func (r *linesReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		line, err := r.lines.ReadLine(r.ctx)
		if err != nil {
			return 0, io.EOF // end of input or cancellation both end the session
		}
		r.buf = append([]byte(line), '\n')
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// Close does nothing: stdin belongs to the program, which may go back to the menu.
func (r *linesReader) Close() error { return nil }

// nopWriteCloser is stdout, which a session must not close.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// askUser asks the menu's user who to log in as, unless agent.yaml or AGENT_TOKEN already says;
// blank is anonymous.
func askUser(ctx context.Context, sh *shared) (string, error) {
	s := defaults("")
	if err := readConfig(configFile, &s); err != nil || s.User != "" || os.Getenv(TokenEnv) != "" {
		return "", nil // a broken agent.yaml is reported by the command itself
	}
	fmt.Fprint(sh.out, "user to log in as (blank: anonymous; the password comes from AGENT_PASSWORD): ")
	line, err := sh.lines.ReadLine(ctx)
	return strings.TrimSpace(line), err
}
