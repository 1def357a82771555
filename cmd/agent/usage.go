package main

// usage.go is the command line's manners: `agent help`, `-h` and `--help` at the top and after
// any command print a usage line, the positional arguments and that command's flags, and exit 0;
// a flag another command owns is refused in one line; flags may follow the positional arguments
// (call's JSON is never glued to a flag).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/suggest"
)

// errHelp is a help request that was answered: exit status 0.
var errHelp = errors.New("help printed")

// flagGroups assigns the flags to groups, and a command takes the groups it lists. A flag in no
// group (one added later, say) belongs to every command, so nothing is refused by accident.
var flagGroups = map[string][]string{
	// which catalog
	"catalog":        {"catalog"},
	"catalog-sha256": {"catalog"},
	// the endpoint and who calls it
	"endpoint":       {"runtime", "probe"},
	"timeout":        {"runtime", "probe"},
	"role":           {"runtime"},
	"user":           {"runtime"},
	"login-document": {"runtime"},
	"token-header":   {"runtime"},
	"header":         {"runtime"},
	"insecure-http":  {"runtime"},
	"audit":          {"runtime"},
	"audit-args":     {"runtime"},
	// a run's ceilings; only the agent loop calls a model (an MCP host brings its own)
	"max-model-calls":      {"model"},
	"max-tool-calls":       {"budget"},
	"budget-mode":          {"budget"},
	"max-calls-per-caller": {"mcp"},
	// the model loop
	"model-url":     {"model"},
	"model":         {"model"},
	"model-timeout": {"model"},
	"system-prompt": {"model"},
	// what the model or the host is offered
	"tools": {"model", "mcp"},
	// writes and serving
	"approve":           {"mcp", "approve"},
	"http":              {"mcp"},
	"http-allow-remote": {"mcp"},
	"store":             {"pending"},
	"pending-store":     {"pending"},
	"pending-ttl":       {"pending"},
	// listing
	"caller": {"list"},
}

// owns reports whether command c takes flag name.
func (c command) owns(name string) bool {
	gs, ok := flagGroups[name]
	if !ok || c.groups == nil {
		return true
	}
	for _, g := range gs {
		if slices.Contains(c.groups, g) {
			return true
		}
	}
	return false
}

// owners lists the commands that take flag name, for the refusal.
func owners(name string) string {
	var ns []string
	for _, c := range commands {
		if c.owns(name) {
			ns = append(ns, c.name)
		}
	}
	return strings.Join(ns, ", ")
}

// parseCommandLine parses flags anywhere among the arguments ("--" ends them) and returns the
// positional arguments in order.
func parseCommandLine(flags *flag.FlagSet, c command, args []string, stderr io.Writer) ([]string, error) {
	flags.SetOutput(io.Discard) // the flag package's own report is many lines; ours is one
	flags.Usage = func() {}
	var pos []string
	for {
		err := flags.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stderr, c, flags)
			return nil, errHelp
		}
		if err != nil {
			fmt.Fprintf(stderr, "agent %s: %s\n", c.name, suggest.FlagLine(flags, err, fmt.Sprintf("`agent %s -h` lists its flags", c.name)))
			return nil, errUsage
		}
		rest := flags.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	var refused error
	flags.Visit(func(f *flag.Flag) {
		if refused == nil && !c.owns(f.Name) {
			fmt.Fprintf(stderr, "agent %s: -%s is not a flag of %s (it is a flag of: %s); `agent %s -h` lists its flags\n",
				c.name, f.Name, c.name, owners(f.Name), c.name)
			refused = errUsage
		}
	})
	return pos, refused
}

// printUsage prints one command's usage line, its positional arguments and its flags only.
func printUsage(w io.Writer, c command, flags *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.TrimSpace("agent "+c.name+" [flags] "+c.usage), c.summary)
	if c.args != "" {
		fmt.Fprintf(w, "\narguments:\n%s\n", indent(c.args))
	}
	var b strings.Builder
	sub := flag.NewFlagSet(c.name, flag.ContinueOnError)
	sub.SetOutput(&b)
	flags.VisitAll(func(f *flag.Flag) {
		if c.owns(f.Name) {
			sub.Var(f.Value, f.Name, f.Usage)
		}
	})
	sub.PrintDefaults()
	if b.Len() > 0 {
		fmt.Fprintf(w, "\nflags (before or after the arguments):\n%s", b.String())
	}
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}

// isHelp reports whether a word asks for help.
func isHelp(s string) bool { return s == "help" || s == "-h" || s == "-help" || s == "--help" }

// help answers `agent help [COMMAND]`, `agent -h` and `agent --help`.
func help(w io.Writer, args []string) error {
	if len(args) > 0 {
		c, ok := lookup(args[0])
		if !ok {
			fmt.Fprintf(w, "agent help: no command %q; commands: %s\n", args[0], names())
			return errUsage
		}
		_, _, err := parseSettings(c.name, []string{"-h"}, w)
		if errors.Is(err, errHelp) {
			return errHelp
		}
		return err
	}
	fmt.Fprintln(w, "usage: agent [COMMAND [flags] [arguments]]\n\nWith no command, a numbered menu. Commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-13s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n`agent help COMMAND` or `agent COMMAND -h` shows a command's arguments and flags.")
	fmt.Fprintln(w, "Secrets come from the environment only: AGENT_PASSWORD, AGENT_TOKEN, AGENT_MODEL_KEY.")
	return errHelp
}
