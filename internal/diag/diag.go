// Package diag holds the compiler's diagnostics: positioned, sortable problems that are all
// collected and printed at once as "path:line:col: message; how to fix".
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Severity separates problems that stop generation from warnings that do not, and both from
// notes, which say what toolgen did on the user's behalf (nothing is wrong).
type Severity int

// Severities; errors sort before warnings, and warnings before notes, at the same position.
const (
	Error Severity = iota
	Warning
	Note
)

// Diagnostic is one problem at one place in one input file.
type Diagnostic struct {
	File     string // repository-relative path, e.g. allowlist.yaml
	Line     int    // 1-based; 0 when the problem concerns the whole file
	Col      int    // 1-based; 0 when unknown
	Message  string // what is wrong, lowercase, no final period
	Fix      string // how to fix it; may be empty when obvious
	Severity Severity
}

// String formats the diagnostic as path:line:col: message; fix.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d", d.Line)
		if d.Col > 0 {
			fmt.Fprintf(&b, ":%d", d.Col)
		}
	}
	b.WriteString(": ")
	switch d.Severity {
	case Warning:
		b.WriteString("warning: ")
	case Note:
		b.WriteString("note: ")
	}
	b.WriteString(d.Message)
	if d.Fix != "" {
		b.WriteString("; ")
		b.WriteString(d.Fix)
	}
	return b.String()
}

// List collects diagnostics from every stage.
type List []Diagnostic

// Add appends an error diagnostic.
func (l *List) Add(file string, line, col int, msg, fix string) {
	*l = append(*l, Diagnostic{File: file, Line: line, Col: col, Message: msg, Fix: fix})
}

// Warn appends a warning diagnostic.
func (l *List) Warn(file string, line, col int, msg, fix string) {
	*l = append(*l, Diagnostic{File: file, Line: line, Col: col, Message: msg, Fix: fix, Severity: Warning})
}

// Notify appends a note: what toolgen did on the user's behalf, which needs no fix.
func (l *List) Notify(file string, line, col int, msg, fix string) {
	*l = append(*l, Diagnostic{File: file, Line: line, Col: col, Message: msg, Fix: fix, Severity: Note})
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	return slices.ContainsFunc(l, func(d Diagnostic) bool { return d.Severity == Error })
}

// Sort orders diagnostics by file, line, column, severity and message, so output is stable.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col),
			cmp.Compare(a.Severity, b.Severity),
			cmp.Compare(a.Message, b.Message),
		)
	})
}

// Sorted is the list sorted, without repeats: a validator that reaches one fragment from two
// places reports its problems twice, and a reader fixes each once.
func (l List) Sorted() List {
	l.Sort()
	return slices.Compact(l)
}

// String renders the sorted list one diagnostic per line.
func (l List) String() string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}
