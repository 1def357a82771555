package lint

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/diag"
)

// suppress applies allowlist.yaml's per-tool lint: entries. A suppression needs a known rule and
// a reason of at least allowlist.MinReasonLength characters (an error otherwise, and it excuses
// nothing); one that excuses no finding is a warning, so stale excuses do not pile up.
func (l *linter) suppress() diag.List {
	var ds diag.List
	name := l.in.Allowlist.Name
	ids := IDs()
	for _, e := range l.in.Allowlist.Tools {
		for _, s := range e.Lint {
			if !contains(ids, s.Rule) {
				fix := "the lint ids are " + strings.Join(ids, ", ")
				if g := allowlist.Suggest(s.Rule, ids); g != "" {
					fix = fmt.Sprintf("did you mean %q?", g)
				}
				ds.Add(name, s.Pos.Line, s.Pos.Col, fmt.Sprintf("unknown lint rule %q in the suppressions of %q", s.Rule, e.Name), fix)
				continue
			}
			if n := len([]rune(strings.TrimSpace(s.Reason))); n < allowlist.MinReasonLength {
				ds.Add(name, s.Pos.Line, s.Pos.Col, fmt.Sprintf("the suppression of %s for %q needs a reason of at least %d characters (has %d)", s.Rule, e.Name, allowlist.MinReasonLength, n),
					"say in reason: why this finding is acceptable for this tool; a reviewer reads it")
				continue
			}
			matched := false
			for i := range l.findings {
				f := &l.findings[i]
				if f.Tool == e.Name && f.Rule == s.Rule && f.Suppressed == "" {
					f.Suppressed, matched = strings.TrimSpace(s.Reason), true
				}
			}
			if !matched {
				ds.Warn(name, s.Pos.Line, s.Pos.Col, fmt.Sprintf("the suppression of %s for %q matches no finding", s.Rule, e.Name), "remove it: the tool no longer triggers the rule")
			}
		}
	}
	return ds
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
