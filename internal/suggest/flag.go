package suggest

import (
	"flag"
	"fmt"
	"strings"
	"time"
)

// FlagError rephrases an error of fs.Parse as one line that says how to fix it: an unknown flag
// names the flag it most likely is, and a value the flag package calls a "parse error" says
// what the flag takes. Both toolgen and cmd/agent report their flags' mistakes through it.
func FlagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if c := likelyFlag(name, names); c != "" {
			return fmt.Sprintf("-%s is not a flag; did you mean -%s?", name, c)
		}
		return fmt.Sprintf("-%s is not a flag", name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return fmt.Sprintf("-%s needs a value: write -%s VALUE (or -%[1]s=VALUE)", name, name)
	}
	if strings.HasSuffix(msg, ": parse error") {
		// "invalid value %q for flag -%s: parse error": the flag package says no more.
		if _, after, ok := strings.Cut(msg, " for flag -"); ok {
			name, _, _ := strings.Cut(after, ":")
			if f := fs.Lookup(name); f != nil {
				if want := takes(f); want != "" {
					return strings.TrimSuffix(msg, "parse error") + want
				}
			}
		}
	}
	return msg
}

// FlagLine is FlagError followed by help, the command that lists the flags.
func FlagLine(fs *flag.FlagSet, err error, help string) string {
	msg := FlagError(fs, err)
	if strings.HasSuffix(msg, "?") {
		return msg + " " + help
	}
	return msg + "; " + help
}

// likelyFlag is the flag a misspelt or shortened name means: the only flag it begins, or the
// closest name.
func likelyFlag(name string, names []string) string {
	var prefixed []string
	for _, n := range names {
		if strings.HasPrefix(n, strings.ToLower(name)) {
			prefixed = append(prefixed, n)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return Closest(name, names)
}

// takes says what a flag of the standard kinds accepts.
func takes(f *flag.Flag) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return ""
	}
	switch g.Get().(type) {
	case time.Duration:
		return "want a duration with its unit, such as 30s, 2m or 1h"
	case int, int64, uint, uint64:
		return "want a whole number, such as 10"
	case float64:
		return "want a number, such as 0.5"
	case bool:
		return "want true or false (or the flag alone for true)"
	}
	return ""
}
