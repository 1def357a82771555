package allowlist

import (
	"fmt"
)

// This file decodes the review sections: a tool's lint suppressions and the top-level diff:
// level overrides. Their rule ids are checked by the packages that own the rules.

// Suppression excuses one lint rule for one tool; the reason is required and reviewed.
type Suppression struct {
	Rule   string
	Reason string
	Pos    Pos // of the list item
}

// LevelOverride changes the level of one `toolgen diff` rule.
type LevelOverride struct {
	Rule  string
	Level string // breaking, dangerous or safe
	Pos   Pos    // of the rule's key
}

var suppressionKeys = []string{"rule", "reason"}

// MinReasonLength is the shortest reason a suppression may give: long enough for a sentence.
const MinReasonLength = 15

func (d *decoder) lint(e *Entry, v *node) {
	if v.Kind != sequenceNode {
		d.errorf(v, "lint must be a list of {rule, reason}", "write lint: [{rule: identity-input, reason: \"why this is acceptable here\"}]")
		return
	}
	for _, item := range v.Content {
		s := Suppression{Pos: pos(item)}
		if item.Kind != mappingNode {
			d.errorf(item, "a lint suppression must be a mapping with rule and reason", "write - rule: identity-input\n        reason: \"why this is acceptable here\"")
			continue
		}
		d.mapping(item, "lint suppression", suppressionKeys, func(k, v *node) {
			switch k.Value {
			case "rule":
				s.Rule = d.str(v, "rule")
			case "reason":
				s.Reason = d.str(v, "reason")
			}
		})
		if s.Rule == "" {
			d.errorf(item, "a lint suppression needs a rule", "add rule: <lint id>, e.g. rule: identity-input")
		}
		e.Lint = append(e.Lint, s)
	}
}

var diffLevels = []string{"breaking", "dangerous", "safe"}

func (d *decoder) diff(v *node) {
	d.mapping(v, "diff", nil, func(k, v *node) {
		l := d.str(v, "the level of "+k.Value)
		if l != "" && !contains(diffLevels, l) {
			d.errorf(v, fmt.Sprintf("level of %s must be breaking, dangerous or safe, not %q", k.Value, l), unknownFix(l, diffLevels))
			return
		}
		d.file.DiffLevels = append(d.file.DiffLevels, LevelOverride{Rule: k.Value, Level: l, Pos: pos(k)})
	})
}
