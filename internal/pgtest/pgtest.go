// Package pgtest starts a real PostgreSQL server for a test: initdb on a temporary folder,
// postgres on a free loopback port, torn down when the test ends. It finds Debian's binaries
// under /usr/lib/postgresql/*/bin (the newest version) or initdb on PATH, and skips the test
// with the reason when there are none. PostgreSQL refuses to run as root, so a root test runs
// the server as the postgres user the package creates (or skips when there is none).
//
//	dsn := pgtest.Start(t).Database(t) // a fresh, empty database on a server of its own
//
// A package whose tests share one server starts it with New and stops it in TestMain.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is one running PostgreSQL server.
type Server struct {
	dir  string
	port int
	cmd  *exec.Cmd
	log  strings.Builder
	mu   sync.Mutex
	n    int // databases made so far
}

// BinDir is the folder holding initdb and postgres: the newest /usr/lib/postgresql/<v>/bin,
// else initdb's folder on PATH, else "".
func BinDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { return version(b) - version(a) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

// version reads the major version in /usr/lib/postgresql/<v>/bin.
func version(dir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return v
}

// Start starts a server for t and stops it when t ends, or skips t when PostgreSQL is not
// installed.
func Start(t testing.TB) *Server {
	t.Helper()
	s, err := New()
	var skip *SkipError
	if errors.As(err, &skip) {
		t.Skip(skip.Error())
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// SkipError says why no server can run here (no binaries, root without a postgres user).
type SkipError struct{ Reason string }

func (e *SkipError) Error() string { return e.Reason }

// New starts a server; Stop stops it and deletes its files. A *SkipError means PostgreSQL
// cannot run here at all. Tests sharing one server start it lazily and stop it in TestMain.
func New() (*Server, error) {
	bin := BinDir()
	if bin == "" {
		return nil, &SkipError{"PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb, no initdb on PATH); install Debian's postgresql package (.ci/run does) to run this test"}
	}
	cred, err := credential()
	if err != nil {
		return nil, &SkipError{err.Error()}
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir}
	if err := s.start(bin, cred); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

func (s *Server) start(bin string, cred *syscall.Credential) error {
	if cred != nil {
		if err := os.Chown(s.dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return err
		}
	}
	data := filepath.Join(s.dir, "data")
	initdb := command(cred, filepath.Join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
	if out, err := initdb.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	s.port = port
	s.cmd = command(cred, filepath.Join(bin, "postgres"), "-D", data, "-p", strconv.Itoa(port), "-k", s.dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "full_page_writes=off", "-c", "max_connections=200")
	s.cmd.Stdout, s.cmd.Stderr = &s.log, &s.log
	if err := s.cmd.Start(); err != nil {
		s.cmd = nil
		return fmt.Errorf("postgres: %w", err)
	}
	if err := s.waitReady(30 * time.Second); err != nil {
		return fmt.Errorf("postgres did not start: %w\n%s", err, s.log.String())
	}
	return nil
}

// Stop shuts the server down (fast shutdown: sessions end, then it stops) and deletes its files.
func (s *Server) Stop() {
	if s.cmd != nil {
		_ = s.cmd.Process.Signal(syscall.SIGINT)
		done := make(chan struct{})
		go func() { _ = s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = s.cmd.Process.Kill()
			<-done
		}
		s.cmd = nil
	}
	_ = os.RemoveAll(s.dir)
}

// credential is who runs the server: nil (this process's user) unless that is root, then the
// postgres user.
func credential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL refuses to run as root and there is no postgres user to run it as (%v); run the test as another user or install Debian's postgresql package", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func command(cred *syscall.Credential, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
	if cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	}
	return cmd
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// DSN is the URL of database name on this server.
func (s *Server) DSN(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, name)
}

func (s *Server) waitReady(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.DSN("postgres"))
		cancel()
		if err == nil {
			return conn.Close(context.Background())
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Database creates a fresh empty database and returns its URL; each call makes another, so the
// subtests of one server share nothing.
func (s *Server) Database(t testing.TB) string {
	t.Helper()
	s.mu.Lock()
	s.n++
	name := fmt.Sprintf("test%d", s.n)
	s.mu.Unlock()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	return s.DSN(name)
}
