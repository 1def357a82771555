package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolgen/toolgen/internal/catdiff"
)

// Markdown writes the pull-request comment: verdict, security review and breaking changes in
// full, dangerous and safe changes (grouped per tool and folded when there are more than ten),
// the token table per role, then each tool's changes in a <details> block. With o.MaxBytes set
// the comment fits in that many bytes: the details shrink first, then safe and dangerous changes
// are counted per tool instead of listed, then per rule, and only then are breaking and security
// changes cut; a note at the top says what is left out and where every change is.
func Markdown(w io.Writer, r *catdiff.Report, o Options) error {
	c := newComment(r)
	_, err := io.WriteString(w, c.fit(o.MaxBytes))
	return err
}

// section is a part of the comment that can shrink: its first k groups in full, the rest
// briefly (a count per tool) or only counted, or, with byRule, all of it as counts per rule.
type section struct {
	name      string // for the note: "security", "breaking", "dangerous", "safe", "details"
	head      string
	full      []string // per group (a tool, or one change)
	tail      string   // after the groups in full: the blank line that ends a list
	brief     []string // per group, for those not in full; nil: they are only counted, by more
	more      string   // the count of groups neither in full nor brief, a format with %d
	foldBrief bool     // the brief lines go in one <details>
	perRule   string   // "" when the section cannot be counted per rule
	k         int      // groups in full
	byRule    bool
}

func (s *section) render(b *strings.Builder) {
	b.WriteString(s.head)
	if len(s.full) == 0 {
		return
	}
	if s.byRule {
		b.WriteString(s.perRule)
		return
	}
	for _, f := range s.full[:s.k] {
		b.WriteString(f)
	}
	rest := len(s.full) - s.k
	if rest > 0 && s.brief == nil {
		fmt.Fprintf(b, s.more, rest)
	}
	b.WriteString(s.tail)
	if rest == 0 || s.brief == nil {
		return
	}
	if s.foldBrief {
		fmt.Fprintf(b, "<details><summary>%d more tools, counted</summary>\n\n", rest)
	}
	for _, l := range s.brief[s.k:] {
		b.WriteString(l)
	}
	if s.foldBrief {
		b.WriteString("\n</details>\n")
	}
	b.WriteString("\n")
}

// cut says what the section leaves out, "" for nothing.
func (s *section) cut() string {
	n, out := len(s.full), len(s.full)-s.k
	switch {
	case s.byRule:
		return "the " + s.name + " changes, counted per rule instead"
	case out == 0:
		return ""
	case s.name == "details":
		if out == n {
			return "the details (paths, old and new values, fingerprints, word diffs)"
		}
		return fmt.Sprintf("the details (paths, old and new values, fingerprints, word diffs) of %d of %d tools", out, n)
	case s.brief == nil:
		return fmt.Sprintf("%d of %d %s changes", out, n, s.name)
	case out == n:
		return "the " + s.name + " changes, counted per tool instead"
	}
	return fmt.Sprintf("the %s changes of %d of %d tools, counted per tool instead", s.name, out, n)
}

// comment is the report in sections, in the order they print; the token table never shrinks.
type comment struct {
	head, tokens string
	secs         []*section // security, breaking, dangerous, safe, details
}

func (c *comment) section(name string) *section {
	for _, s := range c.secs {
		if s.name == name {
			return s
		}
	}
	return nil
}

func (c *comment) render() string {
	var b strings.Builder
	b.WriteString(c.head)
	var cut []string
	for _, s := range c.secs {
		if w := s.cut(); w != "" {
			cut = append(cut, w)
		}
	}
	if len(cut) > 0 {
		fmt.Fprintf(&b, "> **Shortened to fit a pull-request comment** (GitHub takes at most 65,536 characters). Left out: %s. "+
			"Every change is in `toolgen diff -format json` or `-format text`; `-max-bytes 0` prints this report in full.\n\n", strings.Join(cut, "; "))
	}
	for _, s := range c.secs {
		if s.name == "details" {
			b.WriteString(c.tokens)
		}
		s.render(&b)
	}
	return b.String()
}

// fit renders the comment within max bytes (0: no limit), shrinking the least important section
// first, each as little as it must: the details, safe changes listed, dangerous changes listed,
// safe and dangerous counts per tool, breaking and then security changes.
func (c *comment) fit(max int) string {
	out := c.render()
	if max <= 0 || len(out) <= max {
		return out
	}
	for _, name := range []string{"details", "safe", "dangerous"} {
		if out, ok := c.shrink(c.section(name), max); ok {
			return out
		}
	}
	for _, name := range []string{"safe", "dangerous"} {
		if s := c.section(name); s.perRule != "" {
			s.byRule = true
			if out = c.render(); len(out) <= max {
				return out
			}
		}
	}
	// Then security and breaking changes: each keeps its first keepListed lines if it can, then
	// security changes take what room there is, then breaking ones.
	sec, br := c.section("security"), c.section("breaking")
	sec.k, br.k = min(keepListed, len(sec.full)), min(keepListed, len(br.full))
	if len(c.render()) > max {
		br.k = 0
		c.grow(sec, 0, max)
		return c.grow(br, 0, max)
	}
	c.grow(sec, sec.k, max)
	return c.grow(br, br.k, max)
}

// keepListed is how many security and breaking lines each keeps before the other grows.
const keepListed = 20

// shrink keeps as many of s's groups in full as fit the comment within max; ok is false when
// even none fit, s then at none.
func (c *comment) shrink(s *section, max int) (string, bool) {
	out := c.grow(s, 0, max)
	return out, len(out) <= max
}

// grow keeps as many of s's groups in full as fit, at least lo (a binary search: a group in full
// is longer than in brief), and returns the comment.
func (c *comment) grow(s *section, lo, max int) string {
	best := lo
	for hi := len(s.full); lo <= hi; {
		s.k = (lo + hi) / 2
		if len(c.render()) <= max {
			best, lo = s.k, s.k+1
		} else {
			hi = s.k - 1
		}
	}
	s.k = best
	return c.render()
}

func newComment(r *catdiff.Report) *comment {
	c := &comment{head: fmt.Sprintf("### %s toolgen diff: %s\n\n", icon(r), verdict(r)) + metaLine(r), tokens: tokenTable(r)}
	var sec []catdiff.Change
	byLevel := map[catdiff.Level][]catdiff.Change{}
	shown := map[catdiff.Level]int{} // listed under security review already: counted, not repeated
	for _, ch := range r.Changes {
		if ch.Has(catdiff.FlagSecurity) {
			sec = append(sec, ch)
			shown[ch.Level]++
			continue
		}
		byLevel[ch.Level] = append(byLevel[ch.Level], ch)
	}
	c.secs = []*section{
		listSection("security", heading("Needs security review", len(sec), 0), sec),
		listSection("breaking", heading("Breaking", len(byLevel[catdiff.Breaking]), shown[catdiff.Breaking]), byLevel[catdiff.Breaking]),
		levelSection("dangerous", heading("Dangerous", len(byLevel[catdiff.Dangerous]), shown[catdiff.Dangerous]), byLevel[catdiff.Dangerous]),
		levelSection("safe", heading("Safe", len(byLevel[catdiff.Safe]), shown[catdiff.Safe]), byLevel[catdiff.Safe]),
		detailsSection(r.Changes),
	}
	return c
}

// heading is a section's title and, when some of its changes are listed above, a line saying so;
// "" for a section without changes.
func heading(title string, listed, shown int) string {
	if listed+shown == 0 {
		return ""
	}
	s := fmt.Sprintf("#### %s (%d)\n\n", title, listed+shown)
	if shown > 0 {
		s += fmt.Sprintf("%d listed under security review above.\n\n", shown)
	}
	return s
}

// listSection lists every change on its line: security and breaking changes are never folded.
func listSection(name, head string, cs []catdiff.Change) *section {
	s := &section{name: name, head: head, tail: "\n", more: "- … and %d more, not shown here\n"}
	for _, c := range cs {
		s.full = append(s.full, "- "+item(c)+"\n")
	}
	s.k = len(s.full)
	return s
}

func icon(r *catdiff.Report) string {
	switch {
	case r.Summary.Breaking > 0:
		return "❌"
	case r.Summary.Dangerous > 0 || r.Summary.Security > 0:
		return "⚠️"
	}
	return "✅"
}

// metaLine names the toolgen versions and input digests, and warns about a hand-edited file.
func metaLine(r *catdiff.Report) string {
	s := fmt.Sprintf("<sub>old: toolgen %s, inputs `%s` · new: toolgen %s, inputs `%s`</sub>\n\n",
		orDash(r.Old.Toolgen), short(r.Old.Inputs), orDash(r.New.Toolgen), short(r.New.Inputs))
	for _, m := range []struct {
		side string
		meta catdiff.Meta
	}{{"old", r.Old}, {"new", r.New}} {
		if !m.meta.DigestValid {
			s += fmt.Sprintf("> **Note:** the %s catalog's digest does not match its contents: it was edited after toolgen wrote it.\n\n", m.side)
		}
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// short abbreviates a digest to its algorithm and twelve hex digits.
func short(d string) string {
	if len(d) > len("sha256:")+12 {
		return d[:len("sha256:")+12]
	}
	return orDash(d)
}
