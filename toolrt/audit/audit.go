// Package audit writes the audit trail: one JSON line per tool call with what was decided and
// what happened, and for a write one more line before it is sent (outcome "sending"). It never
// holds a token; argument values are written only when enabled, and otherwise the body's
// SHA-256 fingerprint identifies what was sent.
package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/toolgen/toolgen/internal/nolink"
)

// Decision is what became of one tool call before or instead of sending it, and how a model's
// turn ended: one vocabulary for the audit trail's decision, toolrt's Result.Decision, the MCP
// result's structured content and the agent loop's summary, so the same event reads the same
// everywhere.
type Decision string

// Decisions of the gate and the checks before it.
const (
	Allowed     Decision = "allowed"      // a read, or a write without approval: sent
	Approved    Decision = "approved"     // a human approved the write: sent
	Denied      Decision = "denied"       // a human or the gate declined; nothing was sent
	OverBudget  Decision = "over_budget"  // a ceiling refused the call (or ended the turn)
	InvalidArgs Decision = "invalid_args" // the arguments were refused before any request
	UnknownTool Decision = "unknown_tool" // no tool of the role has that name
	NotRun      Decision = "not_run"      // the model loop answered the call without running it
	Expired     Decision = "expired"      // a write waiting for approval when its session or server ended
	AuditFailed Decision = "audit_failed" // the audit trail cannot be written; nothing runs
	Answered    Decision = "answered"     // a turn of the agent loop: the model answered in words
)

// OutcomeSending is the outcome of the record written just before a write is sent; the record
// with the write's real outcome follows it. A "sending" record with no successor means the
// process died with the write in flight.
const OutcomeSending = "sending"

// ErrWrite is wrapped by every failure to append a record. The runtime ends the run on it:
// an action that cannot be recorded is not taken.
var ErrWrite = errors.New("audit trail could not be written")

// Record is one line of the audit trail. Field order is the order in the file.
type Record struct {
	Time time.Time `json:"time"`
	Run  string    `json:"run"`
	// Role is the role whose tools the call could use ("" when the catalog declares none), and
	// User who it ran as: the signed-in user's name, "(issued token)" or "(anonymous)" (Who);
	// never a credential. A decision taken outside a run names who took it.
	Role string `json:"role,omitempty"`
	User string `json:"user,omitempty"`
	// Caller is who asked, when a server authenticates its callers (agent mcp -http with
	// OAuth): the token's issuer and subject, never the token. User is then who the API saw.
	Caller     string          `json:"caller,omitempty"`
	Tool       string          `json:"tool"`
	Decision   Decision        `json:"decision"`
	Outcome    string          `json:"outcome"`          // exec's outcome, or "not_sent"
	Status     int             `json:"status,omitempty"` // HTTP status of the last attempt
	DurationMS int64           `json:"durationMs"`
	Bytes      int             `json:"bytes"`          // response bytes read
	Body       string          `json:"body,omitempty"` // "sha256:<hex>" of the request body
	Ref        string          `json:"ref,omitempty"`  // reference id of a failure in the log
	Args       json.RawMessage `json:"args,omitempty"` // only with argument logging enabled

	// Catalog is the file digest of the catalog in use and CatalogSource where it came from
	// ("embedded" or a path): which tools the call could have run.
	Catalog       string `json:"catalog,omitempty"`
	CatalogSource string `json:"catalogSource,omitempty"`
	// Request is the id of a deferred write (-approve defer), proposed or decided.
	Request string `json:"request,omitempty"`
}

// Who is the User of a record for an identity as toolrt's runtime names it: a user's name,
// "(issued token)" for a token given rather than a login, or "" for nobody, "(anonymous)".
func Who(user string) string {
	if user == "" {
		return "(anonymous)"
	}
	return user
}

// Log appends records to a writer, one line each, in one write call each. A write that fails
// partway (a full disk) leaves a fragment, which no reader can take for a record (it lacks the
// closing brace); the next record then starts with a newline, so it stays whole on a line of its
// own instead of being glued to the fragment. A nil *Log writes nothing, so callers need no
// checks.
type Log struct {
	mu       sync.Mutex
	w        io.Writer
	c        io.Closer
	name     string // the file, for error messages
	withArgs bool
	torn     bool // what was written last does not end a line: the next record starts one
}

// New writes to w; withArgs enables argument values in the records.
func New(w io.Writer, withArgs bool) *Log {
	return &Log{w: w, name: "the audit writer", withArgs: withArgs}
}

// Open appends to the file at path, creating it readable by its owner only. A file that does
// not end a line (an earlier process's write failed partway) gets its next record on a fresh one.
// A symbolic link at path is refused, never followed (nolink): agent.yaml in a checked-out
// repository can name the audit file, and a committed audit.jsonl -> ~/.bashrc would get
// records (argument values the model chose among them) appended to a file something else runs.
func Open(path string, withArgs bool) (*Log, error) {
	f, err := nolink.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	torn := false
	if errors.Is(err, fs.ErrPermission) { // a file this process may append to but not read
		f, err = nolink.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		torn = true // unknown: start a fresh line
	}
	if errors.Is(err, nolink.ErrLink) {
		return nil, fmt.Errorf("%w: %w (-audit, or audit: in agent.yaml)", ErrWrite, err)
	}
	if err != nil {
		return nil, err
	}
	if torn {
		return &Log{w: f, c: f, name: path, withArgs: withArgs, torn: true}, nil
	}
	torn, err = endsTorn(f)
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("%w: %s: %v", ErrWrite, path, err)
	}
	return &Log{w: f, c: f, name: path, withArgs: withArgs, torn: torn}, nil
}

// endsTorn reports whether a non-empty file's last byte is not a newline.
func endsTorn(f *os.File) (bool, error) {
	info, err := f.Stat()
	if err != nil || info.Size() == 0 {
		return false, err
	}
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, info.Size()-1); err != nil {
		return false, err
	}
	return last[0] != '\n', nil
}

// Write appends one record as a JSON line. Args are dropped unless enabled.
func (l *Log) Write(r Record) error {
	if l == nil {
		return nil
	}
	if !l.withArgs {
		r.Args = nil
	}
	line, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, l.name, err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	buf := make([]byte, 0, len(line)+2)
	if l.torn {
		buf = append(buf, '\n')
	}
	buf = append(append(buf, line...), '\n')
	n, err := l.w.Write(buf)
	if err == nil && n < len(buf) {
		err = io.ErrShortWrite
	}
	if n > 0 { // whatever reached the writer decides where the next record starts
		l.torn = buf[n-1] != '\n'
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %v (free space on its disk, or give -audit another file)", ErrWrite, l.name, err)
	}
	return nil
}

// Close closes the file opened by Open.
func (l *Log) Close() error {
	if l == nil || l.c == nil {
		return nil
	}
	return l.c.Close()
}
