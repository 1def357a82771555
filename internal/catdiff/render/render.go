// Package render prints a catdiff.Report for its readers: Markdown for a pull-request comment,
// JSON for tools, plain text for a terminal and workflow commands for GitHub annotations.
package render

import (
	"fmt"
	"io"

	"github.com/toolgen/toolgen/internal/catdiff"
)

// Formats lists the names Write accepts.
var formats = map[string]func(io.Writer, *catdiff.Report, Options) error{
	"markdown": Markdown,
	"json":     JSON,
	"text":     Text,
	"github":   GitHub,
}

// Options carry what the report itself does not know.
type Options struct {
	// NewPath is the new catalog's path, for annotations.
	NewPath string
	// MaxBytes caps the Markdown report (0: no cap). GitHub refuses a pull-request comment over
	// 65,536 characters; CommentBytes fits under it whatever the characters.
	MaxBytes int
}

// CommentBytes is the default cap of the Markdown report: a comment this many bytes long has at
// most this many characters, under GitHub's 65,536, with room for what a workflow adds.
const CommentBytes = 64000

// Write renders r in the named format.
func Write(w io.Writer, format string, r *catdiff.Report, o Options) error {
	f, ok := formats[format]
	if !ok {
		return fmt.Errorf("unknown format %q; use markdown, json, text or github", format)
	}
	return f(w, r, o)
}

// verdict is the one-line summary every human format starts with.
func verdict(r *catdiff.Report) string {
	s := r.Summary
	if len(r.Changes) == 0 {
		return "no changes for the agent"
	}
	v := fmt.Sprintf("%d breaking, %d dangerous, %d safe", s.Breaking, s.Dangerous, s.Safe)
	if s.Security > 0 {
		v += fmt.Sprintf("; %d need security review", s.Security)
	}
	if answers := answerCosts(r); answers > 0 {
		v += fmt.Sprintf("; %d raise answer size", answers)
	}
	if defs := s.Cost - answerCosts(r); defs > 0 {
		v += fmt.Sprintf("; %d raise definition tokens", defs)
	}
	if s.Reviewed > 0 {
		v += fmt.Sprintf("; %d reviewed", s.Reviewed)
	}
	return v
}

// answerCosts counts the cost-flagged changes that grow answers, not definitions.
func answerCosts(r *catdiff.Report) int {
	n := 0
	for i := range r.Changes {
		if r.Changes[i].AnswerCost() {
			n++
		}
	}
	return n
}

// answerLegend is said beside the token table when a change is flagged cost for answer size:
// the table counts tool definitions, so a new returned field shows +0 there.
const answerLegend = "Definition tokens: what the tool definitions cost in the model's context before any call. " +
	"**cost** on a returned field or a page size is answer size instead: what each call returns grows, which this table does not count."
