package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/mdtext"
)

// annotationsPerKind is how many error, warning and notice annotations GitHub shows per step
// (actions/toolkit's problem-matchers.md); it drops the rest without a word.
const annotationsPerKind = 10

// GitHub writes workflow commands on the new catalog's file, titled with the rule id: security
// findings first, as errors whatever their level, then breaking changes as errors, dangerous as
// warnings and safe as notices, at most annotationsPerKind of each kind; the last notice is the
// verdict, with a count of what was not annotated.
func GitHub(w io.Writer, r *catdiff.Report, o Options) error {
	var sec, rest []catdiff.Change
	for _, c := range r.Changes {
		if c.Has(catdiff.FlagSecurity) {
			sec = append(sec, c)
		} else {
			rest = append(rest, c)
		}
	}
	var b strings.Builder
	used := map[string]int{"notice": 1} // the verdict is a notice
	left := map[string]int{}
	for _, c := range append(sec, rest...) {
		cmd := command(c)
		if used[cmd] >= annotationsPerKind {
			left[cmd]++
			continue
		}
		used[cmd]++
		props := "title=" + ghProp(c.ID+flagSuffix(c.Flags))
		if o.NewPath != "" {
			props = "file=" + ghProp(o.NewPath) + "," + props
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", cmd, props, ghData(mdtext.Visible(subject(c))))
	}
	v := verdict(r)
	if n := left["error"] + left["warning"] + left["notice"]; n > 0 {
		v += fmt.Sprintf(". %d more not annotated (GitHub shows %d of each kind per step): %d errors, %d warnings, %d notices; "+
			"every change is in the pull-request comment and in toolgen diff -format text", n, annotationsPerKind, left["error"], left["warning"], left["notice"])
	}
	fmt.Fprintf(&b, "::notice title=toolgen diff::%s\n", ghData(v))
	_, err := io.WriteString(w, b.String())
	return err
}

// command is the annotation kind of a change: a security finding is an error at any level.
func command(c catdiff.Change) string {
	switch {
	case c.Reviewed != "":
		return "notice" // a person accepted it: shown, not raised again
	case c.Has(catdiff.FlagSecurity) || c.Level == catdiff.Breaking:
		return "error"
	case c.Level == catdiff.Dangerous:
		return "warning"
	}
	return "notice"
}

// subject is a change's message led by its tool, which input changes do not name themselves:
// two tools' "input id: minimum from none to 0" are two findings.
func subject(c catdiff.Change) string {
	if c.Tool == "" {
		return c.Message
	}
	return c.Tool + ": " + c.Message
}

func flagSuffix(flags []string) string {
	if len(flags) == 0 {
		return ""
	}
	return " (" + strings.Join(flags, ", ") + ")"
}

var (
	ghDataEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghData escapes a workflow command's message, as GitHub's toolkit does.
func ghData(s string) string {
	return ghDataEscaper.Replace(s)
}

// ghProp escapes a workflow command's property value.
func ghProp(s string) string {
	return ghPropEscaper.Replace(s)
}
