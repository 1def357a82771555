package gate

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/toolgen/toolgen/internal/invisible"
)

// ParseAnswer turns a typed answer into a decision: only "y" or "yes" (trimmed, any case)
// approves; blank says "no answer given" because a stray newline looks like a deliberate Enter.
func ParseAnswer(line string) Decision {
	a := strings.ToLower(strings.TrimSpace(line))
	switch a {
	case "y", "yes":
		return Decision{Approved: true}
	case "":
		return Decision{Reason: "no answer given"}
	}
	return Decision{Reason: "declined"}
}

// Lines reads a terminal line by line in one background goroutine, so a reader blocked on
// stdin never holds up a cancelled context, and no input is lost between prompts. The menu
// and the console approver share one Lines.
type Lines struct {
	once        sync.Once
	in          io.Reader
	ch          chan line
	interactive bool
}

// line is one line of input and when it was complete.
type line struct {
	text string
	at   time.Time
}

// NewLines reads lines from in: a script (a pipe or a file), whose answers were written in
// advance on purpose.
func NewLines(in io.Reader) *Lines { return &Lines{in: in, ch: make(chan line)} }

// NewTerminalLines reads lines typed by a person. An approval then only counts a line typed
// after its question was shown: a "y" pasted with the task, or pressed while the model was
// thinking, must not approve a write nobody has read.
func NewTerminalLines(in io.Reader) *Lines {
	l := NewLines(in)
	l.interactive = true
	return l
}

func (l *Lines) start() {
	go func() {
		sc := bufio.NewScanner(l.in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			l.ch <- line{sc.Text(), time.Now()}
		}
		close(l.ch)
	}()
}

// ReadLine returns the next line, io.EOF at end of input, or ctx.Err() when ctx ends first.
func (l *Lines) ReadLine(ctx context.Context) (string, error) {
	ln, err := l.next(ctx)
	return ln.text, err
}

func (l *Lines) next(ctx context.Context) (line, error) {
	l.once.Do(l.start)
	select {
	case ln, ok := <-l.ch:
		if !ok {
			return line{}, io.EOF
		}
		return ln, nil
	case <-ctx.Done():
		return line{}, ctx.Err()
	}
}

// readAnswer returns the answer to a question shown at since. On a terminal, lines completed
// before since were typed ahead, not in answer: they are dropped and counted.
func (l *Lines) readAnswer(ctx context.Context, since time.Time) (string, int, error) {
	dropped := 0
	for {
		ln, err := l.next(ctx)
		if err != nil || !l.interactive || !ln.at.Before(since) {
			return ln.text, dropped, err
		}
		dropped++
	}
}

// Console asks at a terminal. Prompts are serialized: one question at a time.
type Console struct {
	mu    sync.Mutex
	lines *Lines
	out   io.Writer
}

// NewConsole asks on out and reads answers from lines.
func NewConsole(lines *Lines, out io.Writer) *Console {
	return &Console{lines: lines, out: out}
}

// Approve prints the request as display.go renders it, and reads one answer. End of input declines with
// "no answer given"; a cancelled context returns ctx.Err().
func (c *Console) Approve(ctx context.Context, req Request) (Decision, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	asked := time.Now()
	fmt.Fprintf(c.out, "\nAPPROVAL REQUIRED: the agent wants to run a write.\n")
	fmt.Fprintf(c.out, "  tool      : %s\n", Show(req.Tool))
	op, vars := ShowText(req.Operation), ShowJSON(req.Variables)
	fmt.Fprintf(c.out, "  operation : %s\n", op)
	fmt.Fprintf(c.out, "  variables : %s\n", vars)
	fmt.Fprintf(c.out, "  body hash : sha256:%s\n", req.Fingerprint())
	question := "Execute this write? [y/N] "
	if Cut(op, vars) {
		fmt.Fprintf(c.out, "  NOTE      : %s; v shows it whole here\n", CutNote)
		question = "Execute this write? [y/N, v: show it whole] "
	}
	answer, err := c.ask(ctx, question, asked)
	for err == nil && isView(answer) && Cut(op, vars) {
		// The whole request, escaped as above but not cut: a person approves only what they could read.
		fmt.Fprintf(c.out, "  operation (whole) : %s\n", ShowTextWhole(req.Operation))
		fmt.Fprintf(c.out, "  variables (whole) : %s\n", ShowJSONWhole(req.Variables))
		answer, err = c.ask(ctx, "Execute this write? [y/N] ", time.Now())
	}
	if err == io.EOF {
		answer, err = "", nil
	}
	if err != nil {
		fmt.Fprintln(c.out, "\n  cancelled.")
		return Decision{}, err
	}
	d := ParseAnswer(answer)
	switch {
	case d.Approved:
		fmt.Fprintln(c.out, "  approved.")
	default:
		fmt.Fprintf(c.out, "  not approved: %s.\n", d.Reason)
	}
	return d, nil
}

// ask prints question and reads one answer typed after asked.
func (c *Console) ask(ctx context.Context, question string, asked time.Time) (string, error) {
	fmt.Fprint(c.out, question)
	answer, dropped, err := c.lines.readAnswer(ctx, asked)
	if dropped > 0 {
		fmt.Fprintf(c.out, "\n  (ignored %d line(s) typed before this question)\n", dropped)
	}
	return answer, err
}

func isView(answer string) bool {
	a := strings.ToLower(strings.TrimSpace(answer))
	return a == "v" || a == "view"
}

// Escape makes text safe to show at a terminal: what internal/invisible finds (the one rule the
// lints, toolgen diff and CATALOG.md share: control characters, bidi overrides, other invisible
// format characters) and tabs and line ends, since a value is shown on one line, become
// \u{XXXX}, so what the human reads is what will be sent. Backslashes are left alone: the
// variables are JSON, where a literal backslash is already doubled, so \u{...} can only come
// from this function.
func Escape(s string) string { return invisible.Replace(layout.Replace(s), terminal) }

// EscapeLines is Escape with line feeds kept as line breaks, for a tool result at the
// terminal: its JSON holds no raw line feed, so only the runtime's own marker of a cut result
// ("\n[truncated: …]") starts a line, and it reads as written. Every other invisible
// character, carriage returns included, is still escaped.
func EscapeLines(s string) string { return invisible.Replace(layoutButLines.Replace(s), terminal) }

// layout escapes the layout characters invisible leaves alone; the escapes it writes are
// printable ASCII, which invisible.Replace then passes through.
var (
	layout         = strings.NewReplacer("\t", `\u{0009}`, "\n", `\u{000A}`, "\r", `\u{000D}`)
	layoutButLines = strings.NewReplacer("\t", `\u{0009}`, "\r", `\u{000D}`)
)

func terminal(r rune) string { return fmt.Sprintf(`\u{%04X}`, r) }
