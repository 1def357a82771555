package main

// This file is the command table and the menu. Each command lives in its own cmd_<name>.go and
// adds itself with register from an init function, so `agent` and `mcp` land as one file each.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/toolgen/toolgen/toolrt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/toolrt/gate"
)

// command is one entry of the menu and of the command line.
type command struct {
	name    string
	order   int    // menu position
	summary string // one line in the menu
	prompt  string // what the menu asks for before running; "" runs at once
	run     func(ctx context.Context, e *Env, args []string) error
	usage   string   // the positional arguments in the usage line, e.g. TOOL ['{"arg":"value"}']
	args    string   // what each positional argument is, for -h
	groups  []string // the flag groups it takes (see usage.go); nil: every flag
	login   bool     // it logs in: the menu asks for the user when none is configured
}

var commands []command

// register adds a command; call it from an init function in the command's file.
func register(c command) {
	commands = append(commands, c)
	slices.SortFunc(commands, func(a, b command) int { return a.order - b.order })
}

func lookup(name string) (command, bool) {
	for i, c := range commands {
		if c.name == name || strconv.Itoa(i+1) == name {
			return c, true
		}
	}
	return command{}, false
}

// errUsage marks a mistake in the command line: exit status 2.
var errUsage = errors.New("usage")

// run is the whole program, testable: it returns the exit status.
func run(ctx context.Context, argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	sh := &shared{lines: newLines(stdin), out: stdout, err: stderr}
	var err error
	switch {
	case len(argv) == 0:
		err = menu(ctx, sh)
	case isHelp(argv[0]):
		err = help(stdout, argv[1:])
	default:
		err = dispatch(ctx, sh, argv[0], argv[1:])
	}
	switch {
	case err == nil, errors.Is(err, errHelp):
		return 0
	case errors.Is(err, errUsage), errors.Is(err, flag.ErrHelp):
		return 2
	}
	fmt.Fprint(stderr, errorLines(err))
	return 1
}

// newLines reads stdin; on a terminal an approval only counts a line typed after its question.
func newLines(stdin io.Reader) *gate.Lines {
	if f, ok := stdin.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
			return gate.NewTerminalLines(stdin)
		}
	}
	return gate.NewLines(stdin)
}

// dispatch parses the flags that follow the command name, then runs the command.
func dispatch(ctx context.Context, sh *shared, name string, args []string) error {
	c, ok := lookup(name)
	if !ok {
		fmt.Fprintf(sh.err, "agent: unknown command %q; commands: %s (agent help explains them)\n", name, names())
		return errUsage
	}
	s, rest, err := parseSettings(c.name, args, sh.err)
	if err != nil {
		return err
	}
	e := &Env{Settings: s, Lines: sh.lines, Out: sh.out, Err: sh.err, shared: sh}
	defer e.Close()
	return headerHint(c.run(ctx, e, rest), s.TokenHeader)
}

// headerHint adds to a refusal right after a fresh login what the likeliest cause is when the
// token went out in the default header: the password was fine (the login worked), and the API
// reads its token from another header.
func headerHint(err error, tokenHeader string) error {
	if err == nil || tokenHeader != "" || !errors.Is(err, toolrt.ErrAuth) {
		return err
	}
	return fmt.Errorf("%w. The login itself worked, so the password is likely right: the token went out as \"Authorization: Bearer …\"; if the API reads it from another header, name it with -token-header (e.g. -token-header 'x-api-key:')", err)
}

func names() string {
	var ns []string
	for _, c := range commands {
		ns = append(ns, c.name)
	}
	return strings.Join(ns, ", ")
}

// menu lists the commands and runs the chosen one until q or end of input.
func menu(ctx context.Context, sh *shared) error {
	lines, stdout, stderr := sh.lines, sh.out, sh.err
	for {
		fmt.Fprintln(stdout, "Movie Database agents. Choose a command by number or name (q quits):")
		for i, c := range commands {
			fmt.Fprintf(stdout, "  %2d  %-13s %s\n", i+1, c.name, c.summary)
		}
		fmt.Fprint(stdout, "> ")
		choice, err := lines.ReadLine(ctx)
		choice = strings.TrimSpace(choice)
		if err != nil || choice == "q" || choice == "quit" {
			fmt.Fprintln(stdout)
			return nil
		}
		if err := menuRun(ctx, sh, choice); err != nil && !errors.Is(err, errUsage) {
			fmt.Fprint(stderr, errorLines(err))
		}
		fmt.Fprintln(stdout)
	}
}

// menuRun asks for the chosen command's arguments, then runs it like the command line would.
func menuRun(ctx context.Context, sh *shared, choice string) error {
	c, ok := lookup(choice)
	if !ok {
		fmt.Fprintf(sh.err, "no command %q\n", choice)
		return errUsage
	}
	var args []string
	if c.login {
		user, err := askUser(ctx, sh)
		if err != nil {
			return nil
		}
		if user != "" {
			args = append(args, "-user", user)
		}
	}
	if c.prompt != "" {
		fmt.Fprintf(sh.out, "%s: ", c.prompt)
		line, err := sh.lines.ReadLine(ctx)
		if err != nil {
			return nil
		}
		args = append(args, splitFirst(line)...)
	}
	return dispatch(ctx, sh, c.name, args)
}

// splitFirst splits a typed line into its first word and the rest, so JSON with spaces stays whole.
func splitFirst(line string) []string {
	line = strings.TrimSpace(line)
	if line == "" {
		return nil
	}
	first, rest, _ := strings.Cut(line, " ")
	if rest = strings.TrimSpace(rest); rest == "" {
		return []string{first}
	}
	return []string{first, rest}
}

// errorLines prints err as "agent: …" lines, one per error an errors.Join holds (agent.yaml's
// problems, one per key), each escaped: errors may quote a server.
func errorLines(err error) string {
	var b strings.Builder
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			b.WriteString(errorLines(e))
		}
		return b.String()
	}
	fmt.Fprintf(&b, "agent: %s\n", gate.Escape(err.Error()))
	return b.String()
}
