package compile

import (
	"fmt"
	"path"
	"regexp"
	"sort"

	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/platform"
	"github.com/toolgen/toolgen/internal/selection"
)

// loadOverrides validates every file of the overrides folder; an override for a tool that is not
// allow-listed is an error, because it would be dead code nobody reviews.
func (c *compiler) loadOverrides(files map[string][]byte) diag.List {
	var ds diag.List
	c.overrides = map[string]*selection.Override{}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths) // map order is random; diagnostics and results must not be
	for _, p := range paths {
		tool := selection.ToolName(p)
		if c.list.Entry(tool) == nil {
			msg, fix := c.notAllowListed(p, tool, files)
			ds.Add(p, 1, 1, msg, fix)
			continue
		}
		kind := c.rootKind(tool)
		if kind == "" {
			continue // allowlist.Resolve already reports the unknown name
		}
		if wds := selection.WrongKind(p, tool, string(kind), string(files[p])); len(wds) > 0 {
			ds = append(ds, wds...)
			continue
		}
		doc, pds := selection.Parse(c.schema, p, string(files[p]))
		if len(pds) > 0 {
			ds = append(ds, c.hiddenSelected(pds)...)
			continue
		}
		if cds := selection.Check(p, tool, string(kind), doc); len(cds) > 0 {
			ds = append(ds, cds...)
			continue
		}
		c.overrides[tool] = &selection.Override{Tool: tool, File: p, Doc: doc}
	}
	return ds
}

// notAllowListed explains an override whose file name is no allow-listed tool. A file that
// selects an allow-listed field is misnamed (tickt.graphql holding Tool_ticket); a name that is no
// root field is a typo of one, or of nothing; only a root field left out of the allow-list is
// one to add to tools:.
func (c *compiler) notAllowListed(p, tool string, files map[string][]byte) (msg, fix string) {
	if f := opdoc.RootField(string(files[p])); f != "" && f != tool && c.list.Entry(f) != nil {
		msg = fmt.Sprintf("override for %q, which is not allow-listed, but it selects %s, which is", tool, f)
		if q := overrideOf(f, files); q != "" {
			return msg, fmt.Sprintf("%s is already %s's override: keep one of the two files", q, f)
		}
		return msg, fmt.Sprintf("rename it to %s if it is %s's override, or delete this file", path.Join(path.Dir(p), f+".graphql"), f)
	}
	msg = fmt.Sprintf("override for %q, which is not allow-listed", tool)
	if c.rootKind(tool) != "" {
		return msg, fmt.Sprintf("add %s to tools: in %s, or delete this file", tool, c.list.Name)
	}
	msg = fmt.Sprintf("override for %q, which is neither allow-listed nor a Query or Mutation field", tool)
	var names []string
	for _, e := range c.list.Tools {
		names = append(names, e.Name)
	}
	if s := allowlist.Suggest(tool, names); s != "" {
		if q := overrideOf(s, files); q != "" {
			return msg, fmt.Sprintf("did you mean %s? %s is its override already: keep one of the two files", s, q)
		}
		return msg, fmt.Sprintf("did you mean %s? rename the file to %s, or delete it", s, path.Join(path.Dir(p), s+".graphql"))
	}
	return msg, fmt.Sprintf("name an override after the allow-listed tool it is for (%s), or delete this file", path.Join(path.Dir(p), "<tool>.graphql"))
}

// overrideOf is the file among files that is tool's override, or "".
func overrideOf(tool string, files map[string][]byte) string {
	for q := range files {
		if selection.ToolName(q) == tool {
			return q
		}
	}
	return ""
}

// cannotQuery is gqlparser's message for a field the type does not have.
var cannotQuery = regexp.MustCompile(`^cannot query field "(\w+)" on type "(\w+)"$`)

// hiddenSelected says of an override's field the schema marks @inaccessible that it is that,
// rather than a field the type does not have: the schema changed, not the spelling.
func (c *compiler) hiddenSelected(ds diag.List) diag.List {
	hidden := platform.HiddenFields(c.schema)
	for i, d := range ds {
		m := cannotQuery.FindStringSubmatch(d.Message)
		if m == nil || hidden[m[2]+"."+m[1]] == "" {
			continue
		}
		ds[i].Message = fmt.Sprintf("%s.%s is @inaccessible in the schema (%s): the gateway hides it from clients, so no selection may read it", m[2], m[1], hidden[m[2]+"."+m[1]])
		ds[i].Fix = "remove it from the selection"
	}
	return ds
}
