package catdiff

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/injection"
	"github.com/toolgen/toolgen/internal/invisible"
)

// injected says what new text adds that steers the model, by the description-injection lint's
// own patterns: invisible code points, markup a rendered page hides, chat-template markup and
// commands ("always call this", "ignore previous"); "" when it adds none. What old already held is not counted again, so
// rewording around an old instruction is not flagged, while a second one is.
func (d *differ) injected(old, new string) string {
	var why []string
	if rs := added(hiddenRunes(old), hiddenRunes(new)); len(rs) > 0 {
		why = append(why, "invisible code points ("+strings.Join(rs, ", ")+")")
	}
	if ms := added(injection.HiddenMarkup(old), injection.HiddenMarkup(new)); len(ms) > 0 {
		why = append(why, "markup a rendered page hides ("+quoted(ms)+")")
	}
	oldSys, oldCmd := d.inject.MatchAll(old)
	newSys, newCmd := d.inject.MatchAll(new)
	if ms := added(fold(oldSys), fold(newSys)); len(ms) > 0 {
		why = append(why, "markup that imitates a system prompt ("+quoted(ms)+")")
	}
	if ms := added(fold(oldCmd), fold(newCmd)); len(ms) > 0 {
		why = append(why, "text that commands the model ("+quoted(ms)+")")
	}
	return strings.Join(why, " and ")
}

// flagInjected flags c when its new text adds injection, and says so in the message.
func (d *differ) flagInjected(c *Change, old, new string) {
	if why := d.injected(old, new); why != "" {
		c.flag(FlagSecurity)
		c.Message += ": it adds " + why
	}
}

func hiddenRunes(s string) []string {
	var out []string
	for _, r := range invisible.All(s) {
		out = append(out, fmt.Sprintf("U+%04X", r))
	}
	return out
}

// fold normalizes matches for counting: "Always  Call this" is "always call this".
func fold(ms []string) []string {
	for i, m := range ms {
		ms[i] = strings.ToLower(strings.Join(strings.Fields(m), " "))
	}
	return ms
}

// added is new less old as multisets, each distinct value once, in new's order.
func added(old, new []string) []string {
	left := map[string]int{}
	for _, s := range old {
		left[s]++
	}
	var out []string
	seen := map[string]bool{}
	for _, s := range new {
		if left[s] > 0 {
			left[s]--
			continue
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func quoted(ms []string) string {
	q := make([]string, len(ms))
	for i, m := range ms {
		q[i] = fmt.Sprintf("%q", m)
	}
	return strings.Join(q, ", ")
}
