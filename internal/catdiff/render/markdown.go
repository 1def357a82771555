package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolgen/toolgen/internal/catdiff"
)

// collapseOver is how many safe changes show before they fold into <details>: a comment read
// in a minute cannot list two hundred of them inline. Breaking, dangerous and security changes
// never fold: they are what the comment is for.
const collapseOver = 10

// Markdown writes the pull-request comment: verdict, security review, breaking, dangerous,
// safe, the token table per role, then each tool's changes in a <details> block.
func Markdown(w io.Writer, r *catdiff.Report, _ Options) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s toolgen diff: %s\n\n", icon(r), verdict(r))
	b.WriteString(metaLine(r))
	var sec []catdiff.Change
	for _, c := range r.Changes {
		if c.Has(catdiff.FlagSecurity) {
			sec = append(sec, c)
		}
	}
	section(&b, "Needs security review", sec, 0, false)
	for _, l := range []catdiff.Level{catdiff.Breaking, catdiff.Dangerous, catdiff.Safe} {
		var cs []catdiff.Change
		shown := 0 // listed under security review already: counted here, not repeated
		for _, c := range r.Changes {
			switch {
			case c.Level != l:
			case c.Has(catdiff.FlagSecurity):
				shown++
			default:
				cs = append(cs, c)
			}
		}
		section(&b, strings.ToUpper(l.String()[:1])+l.String()[1:], cs, shown, l == catdiff.Safe)
	}
	tokenTable(&b, r)
	details(&b, r.Changes)
	_, err := io.WriteString(w, b.String())
	return err
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

// section lists changes under a heading; shown counts those of this level already listed
// under security review.
func section(b *strings.Builder, title string, cs []catdiff.Change, shown int, foldable bool) {
	if len(cs)+shown == 0 {
		return
	}
	fmt.Fprintf(b, "#### %s (%d)\n\n", title, len(cs)+shown)
	if shown > 0 {
		fmt.Fprintf(b, "%d listed under security review above.\n\n", shown)
	}
	if len(cs) == 0 {
		return
	}
	fold := foldable && len(cs) > collapseOver
	if fold {
		fmt.Fprintf(b, "<details><summary>%d changes</summary>\n\n", len(cs))
	}
	for _, c := range cs {
		fmt.Fprintf(b, "- %s\n", item(c))
	}
	if fold {
		b.WriteString("\n</details>\n")
	}
	b.WriteString("\n")
}

// item is one change on one line: rule, flags, tool, message.
func item(c catdiff.Change) string {
	s := "`" + c.ID + "`"
	for _, f := range c.Flags {
		s += " **" + f + "**"
	}
	if c.Tool != "" {
		s += " " + code(c.Tool)
	}
	s += ": " + inline(c.Message)
	if c.TokenDelta != nil {
		s += " " + tokenNote(c.TokenDelta)
	}
	return s
}

func tokenNote(t *catdiff.TokenDelta) string {
	if t.Estimated {
		return fmt.Sprintf("(≈%+d tokens)", t.Delta)
	}
	return fmt.Sprintf("(%+d tokens)", t.Delta)
}

func tokenTable(b *strings.Builder, r *catdiff.Report) {
	b.WriteString("#### Tokens per role\n\n| Role | Tools | Old | New | Delta |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, t := range r.Tokens.ByRole {
		tools := fmt.Sprint(t.NewTools)
		if t.OldTools != t.NewTools {
			tools = fmt.Sprintf("%d → %d", t.OldTools, t.NewTools)
		}
		fmt.Fprintf(b, "| %s | %s | %d | %d | %s |\n", cell(t.Role), tools, t.Old, t.New, delta(t.Old, t.New))
	}
	b.WriteString("\n")
}

// delta shows a change with its percentage, "+120 (+15 %)"; "0" when nothing moved.
func delta(old, new int) string {
	d := new - old
	if d == 0 || old == 0 {
		return fmt.Sprintf("%+d", d)
	}
	return fmt.Sprintf("%+d (%+.0f %%)", d, 100*float64(d)/float64(old))
}

// details groups the changes by tool (role-level changes under "roles"), each in a <details>
// block with a table of rule, level, path, old, new and fingerprint, then any word diffs.
func details(b *strings.Builder, cs []catdiff.Change) {
	groups, order := map[string][]catdiff.Change{}, []string{}
	for _, c := range cs {
		k := c.Tool
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], c)
	}
	if len(order) == 0 {
		return
	}
	sortStrings(order)
	b.WriteString("#### Details\n\n")
	for _, k := range order {
		title := "roles"
		if k != "" {
			title = "<code>" + htmlText(k) + "</code>"
		}
		fmt.Fprintf(b, "<details><summary>%s: %d change(s)</summary>\n\n", title, len(groups[k]))
		b.WriteString("| Rule | Level | Path | Old | New | Fingerprint |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, c := range groups[k] {
			fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s | `%s` |\n", c.ID, c.Level, code(c.Path), value(c.Old), value(c.New), c.Fingerprint)
		}
		for _, c := range groups[k] {
			if c.ID == "tool-description-changed" || c.ID == "input-description-changed" {
				fmt.Fprintf(b, "\n%s %s:\n\n%s\n", code(c.Path), tokenNote(c.TokenDelta), wordQuote(c))
			}
		}
		b.WriteString("\n</details>\n\n")
	}
}
