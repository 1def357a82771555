package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/mdtext"
)

// Text writes one line per change for a terminal (level, rule, flags, tool: message), then the
// role table.
func Text(w io.Writer, r *catdiff.Report, _ Options) error {
	var b strings.Builder
	fmt.Fprintf(&b, "toolgen diff: %s\n", verdict(r))
	for _, c := range r.Changes {
		flags := ""
		if len(c.Flags) > 0 {
			flags = " [" + strings.Join(c.Flags, ",") + "]"
		}
		if c.Reviewed != "" {
			flags += " (reviewed: " + mdtext.OneLine(mdtext.Visible(c.Reviewed)) + ")"
		}
		fmt.Fprintf(&b, "%-9s %s%s: %s\n", c.Level, c.ID, flags, mdtext.OneLine(mdtext.Visible(subject(c))))
		if c.WordDiff != "" {
			fmt.Fprintf(&b, "          %s\n", mdtext.OneLine(mdtext.Visible(c.WordDiff)))
		}
	}
	for _, t := range r.Tokens.ByRole {
		fmt.Fprintf(&b, "role %s: %d -> %d tokens (%+d), %d -> %d tools\n", t.Role, t.Old, t.New, t.Delta, t.OldTools, t.NewTools)
	}
	if answerCosts(r) > 0 {
		b.WriteString(strings.ReplaceAll(answerLegend, "**", "") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
