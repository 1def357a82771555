package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/catdiff/render"
)

func init() { subcommands["diff"] = runDiff }

// runDiff is `toolgen diff [-format …] [-fail-on …] OLD NEW`: what changed for the agent between
// two catalog.json files. Exit 0: nothing at or above -fail-on; 1: something is; 2: bad usage or
// an unreadable catalog. The default fails on security findings too: a new role with a delete
// mutation, an approval relaxed or an instruction written into a description break no call, and
// are what review is for.
func runDiff(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toolgen diff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "markdown", "output: markdown (a PR comment), json, text or github (workflow annotations)")
	failOn := fs.String("fail-on", "security", "exit 1 on: security (breaking or security-flagged), breaking, dangerous (breaking or dangerous; security-flagged changes are never safe) or never")
	allow := fs.String("allowlist", "", "allowlist.yaml whose diff: section overrides rule levels (optional)")
	maxBytes := fs.Int("max-bytes", render.CommentBytes, "cap of the markdown report, to fit a GitHub comment (65,536 characters); 0: no cap")
	reviewed := fs.String("reviewed", "", "file of fingerprints a person has reviewed, one per line with a note: those changes are marked and never fail (optional)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen diff [-format markdown|json|text|github] [-fail-on breaking|dangerous|security|never] [-allowlist allowlist.yaml] [-reviewed FILE] [-max-bytes N] OLD NEW")
		fs.PrintDefaults()
	}
	files, err := parseAnyOrder(fs, args, stderr)
	if err != nil {
		return 2
	}
	if len(files) != 2 {
		fs.Usage()
		return 2
	}
	fail, err := failPredicate(*failOn)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen diff: -fail-on: %v\n", err)
		return 2
	}
	opts, err := diffLevels(*allow)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen diff: %v\n", err)
		return 2
	}
	old, oldOK, err := catdiff.Load(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "toolgen diff: %v\n", err)
		return 2
	}
	new, newOK, err := catdiff.Load(files[1])
	if err != nil {
		fmt.Fprintf(stderr, "toolgen diff: %v\n", err)
		return 2
	}
	r := catdiff.Diff(old, new, opts)
	r.Old.DigestValid, r.New.DigestValid = oldOK, newOK
	if *reviewed != "" {
		if code := applyReviewed(*reviewed, r, stderr); code != 0 {
			return code
		}
	}
	if err := render.Write(stdout, *format, r, render.Options{NewPath: files[1], MaxBytes: *maxBytes}); err != nil {
		fmt.Fprintf(stderr, "toolgen diff: -format: %v\n", err)
		return 2
	}
	for _, c := range r.Changes {
		if c.Reviewed == "" && fail(c) {
			return 1
		}
	}
	return 0
}

// applyReviewed marks the changes the -reviewed file acknowledges and warns of its lines that
// match none (the change they accepted is gone, or changed into another). It returns 2 when the
// file cannot be read or parsed.
func applyReviewed(path string, r *catdiff.Report, stderr io.Writer) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen diff: -reviewed: %v\n", err)
		return 2
	}
	rv, err := catdiff.ParseReviewed(path, data)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen diff: -reviewed: %v\n", err)
		return 2
	}
	for _, line := range rv.Apply(r) {
		fmt.Fprintf(stderr, "%s:%d: warning: this fingerprint matches no change of this diff; delete the line (what it acknowledged is gone, or changed and needs a new review)\n", path, line)
	}
	return 0
}

// failPredicate turns -fail-on into the test of one change.
func failPredicate(s string) (func(catdiff.Change) bool, error) {
	switch s {
	case "breaking":
		return func(c catdiff.Change) bool { return c.Level == catdiff.Breaking }, nil
	case "dangerous":
		return func(c catdiff.Change) bool { return c.Level <= catdiff.Dangerous }, nil
	case "security":
		return func(c catdiff.Change) bool { return c.Level == catdiff.Breaking || c.Has(catdiff.FlagSecurity) }, nil
	case "never":
		return func(catdiff.Change) bool { return false }, nil
	}
	return nil, fmt.Errorf("%q is not breaking, dangerous, security or never", s)
}
