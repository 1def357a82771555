package suggest

import (
	"flag"
	"io"
	"testing"
	"time"
)

func TestFlagError(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.String("allowlist", "", "")
	fs.String("schema", "", "")
	fs.Duration("timeout", time.Second, "")
	fs.Int("max-tool-calls", 1, "")
	for args, want := range map[string]string{
		"-allow":            "-allow is not a flag; did you mean -allowlist?",
		"-schemas":          "-schemas is not a flag; did you mean -schema?",
		"-zzzzzz":           "-zzzzzz is not a flag",
		"-schema":           "-schema needs a value: write -schema VALUE (or -schema=VALUE)",
		"-timeout=5":        `invalid value "5" for flag -timeout: want a duration with its unit, such as 30s, 2m or 1h`,
		"-max-tool-calls=x": `invalid value "x" for flag -max-tool-calls: want a whole number, such as 10`,
	} {
		err := fs.Parse([]string{args})
		if err == nil {
			t.Fatalf("%s parsed", args)
		}
		if got := FlagError(fs, err); got != want {
			t.Errorf("%s: %q, want %q", args, got, want)
		}
	}
}
