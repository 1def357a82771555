package gate

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode"
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
	once sync.Once
	in   io.Reader
	ch   chan string
}

// NewLines reads lines from in.
func NewLines(in io.Reader) *Lines { return &Lines{in: in, ch: make(chan string)} }

func (l *Lines) start() {
	go func() {
		sc := bufio.NewScanner(l.in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			l.ch <- sc.Text()
		}
		close(l.ch)
	}()
}

// ReadLine returns the next line, io.EOF at end of input, or ctx.Err() when ctx ends first.
func (l *Lines) ReadLine(ctx context.Context) (string, error) {
	l.once.Do(l.start)
	select {
	case line, ok := <-l.ch:
		if !ok {
			return "", io.EOF
		}
		return line, nil
	case <-ctx.Done():
		return "", ctx.Err()
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

// Approve prints the request, escaped, and reads one answer. End of input declines with
// "no answer given"; a cancelled context returns ctx.Err().
func (c *Console) Approve(ctx context.Context, req Request) (Decision, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.out, "\nAPPROVAL REQUIRED: the agent wants to run a write.\n")
	fmt.Fprintf(c.out, "  tool      : %s\n", Escape(req.Tool))
	fmt.Fprintf(c.out, "  operation : %s\n", Escape(req.Operation))
	fmt.Fprintf(c.out, "  variables : %s\n", Escape(string(req.Variables)))
	fmt.Fprintf(c.out, "  body hash : sha256:%s\n", req.Fingerprint())
	fmt.Fprintf(c.out, "Execute this write? [y/N] ")
	line, err := c.lines.ReadLine(ctx)
	if err == io.EOF {
		line, err = "", nil
	}
	if err != nil {
		fmt.Fprintln(c.out, "\n  cancelled.")
		return Decision{}, err
	}
	d := ParseAnswer(line)
	switch {
	case d.Approved:
		fmt.Fprintln(c.out, "  approved.")
	default:
		fmt.Fprintf(c.out, "  not approved: %s.\n", d.Reason)
	}
	return d, nil
}

// Escape makes text safe to show at a terminal: control characters, bidi overrides and other
// invisible format characters become \u{XXXX}, so what the human reads is what will be sent.
// Backslashes are left alone: the variables are JSON, where a literal backslash is already
// doubled, so \u{...} can only come from this function.
func Escape(s string) string {
	var sb strings.Builder
	for _, r := range s {
		if !visible(r) {
			fmt.Fprintf(&sb, `\u{%04X}`, r)
			continue
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// visible reports whether r prints as itself: not a control (C0, DEL, C1), not a format
// character (bidi embeddings, overrides and isolates, zero-width joiners), not a line or
// paragraph separator, and not invalid UTF-8.
func visible(r rune) bool {
	switch {
	case r == unicode.ReplacementChar:
		return false
	case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
		return false
	case r == '\u2028', r == '\u2029':
		return false
	}
	return true
}
