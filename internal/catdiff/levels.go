package catdiff

import (
	"fmt"
	"slices"

	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/diag"
)

// CheckLevels reports diff: entries of an allow-list that name no rule, with a suggestion;
// generation runs it too, so a typo fails the build rather than silently keeping a level.
func CheckLevels(f *allowlist.File) diag.List {
	var ds diag.List
	if f == nil {
		return ds
	}
	ids := RuleIDs()
	for _, o := range f.DiffLevels {
		if slices.Contains(ids, o.Rule) {
			continue
		}
		fix := "see toolgen diff's rule ids in docs/review.md"
		if s := allowlist.Suggest(o.Rule, ids); s != "" {
			fix = fmt.Sprintf("did you mean %q?", s)
		}
		ds.Add(f.Name, o.Pos.Line, o.Pos.Col, fmt.Sprintf("diff: %q is not a rule of toolgen diff", o.Rule), fix)
	}
	return ds
}

// LevelsFrom turns an allow-list's diff: section into Options; entries CheckLevels rejects are
// left out.
func LevelsFrom(f *allowlist.File) Options {
	o := Options{Levels: map[string]Level{}}
	if f == nil {
		return o
	}
	for _, e := range f.DiffLevels {
		if l, err := ParseLevel(e.Level); err == nil && slices.Contains(RuleIDs(), e.Rule) {
			o.Levels[e.Rule] = l
		}
	}
	return o
}
