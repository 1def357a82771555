package catdiff

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/opdoc"
)

// tools matches tools by name, then pairs a removed and an added tool over the same root field
// as a rename, and compares every matched pair.
func (d *differ) tools() {
	oldBy, newBy := byName(d.old.Tools), byName(d.new.Tools)
	var removed, added []*catalog.Tool
	for _, t := range d.old.Tools {
		if n := newBy[t.Name]; n != nil {
			d.tool(oldBy[t.Name], n)
		} else {
			removed = append(removed, oldBy[t.Name])
		}
	}
	for _, t := range d.new.Tools {
		if oldBy[t.Name] == nil {
			added = append(added, newBy[t.Name])
		}
	}
	for _, o := range removed {
		if i := slices.IndexFunc(added, func(n *catalog.Tool) bool { return sameRoot(o, n) }); i >= 0 {
			n := added[i]
			added = slices.Delete(added, i, i+1)
			d.add("tool-renamed", o.Name, "/name", fmt.Sprintf("tool %q is now called %q (same root field): every prompt naming the old name breaks", o.Name, n.Name), o.Name, n.Name)
			d.tool(o, n)
			continue
		}
		d.add("tool-removed", o.Name, "", fmt.Sprintf("tool %q was removed (%s, %d tokens)", o.Name, o.Kind, o.Tokens), o.Name, nil)
	}
	for _, n := range added {
		d.toolAdded(n)
	}
}

func byName(ts []catalog.Tool) map[string]*catalog.Tool {
	m := make(map[string]*catalog.Tool, len(ts))
	for i := range ts {
		m[ts[i].Name] = &ts[i]
	}
	return m
}

// sameRoot reports whether two tools run the same root field of the same kind.
func sameRoot(a, b *catalog.Tool) bool {
	ra, rb := opdoc.RootField(a.Operation), opdoc.RootField(b.Operation)
	return ra != "" && ra == rb && a.Kind == b.Kind
}

// toolAdded records a new tool, dangerous and flagged security when it writes, returns a
// sensitive field, asks for a sensitive input or its descriptions steer the model.
func (d *differ) toolAdded(n *catalog.Tool) {
	why := []string{}
	if n.Kind == catalog.Mutation {
		why = append(why, "a mutation with approval "+string(n.Approval))
	}
	sel := selectionOf(n.Operation)
	for _, p := range slices.Sorted(maps.Keys(sel.fields)) {
		if sel.sensitive(p) {
			what := fieldPath(p)
			if a := sel.aliased(p); a != "" {
				what = a + " as " + what
			}
			why = append(why, "returns "+what)
		}
	}
	if inj := d.injected("", n.Description); inj != "" {
		why = append(why, "its description holds "+inj)
	}
	walkProperties(parseSchema(n.InputSchema), "", func(_, dotted, key, via string, prop node) {
		if sensitiveInput(inputField(prop, key, via)) {
			why = append(why, "asks for "+dotted)
		}
		if desc := describe(prop); desc != "" {
			if inj := d.injected("", desc); inj != "" {
				why = append(why, "the description of input "+dotted+" holds "+inj)
			}
		}
		if def, ok := prop.resolved().m["default"]; ok {
			if inj := d.injected("", stringsIn(def)); inj != "" {
				why = append(why, "the default of input "+dotted+" holds "+inj)
			}
		}
	})
	what := fmt.Sprintf("%s, %d tokens, approval %s", n.Kind, n.Tokens, n.Approval)
	if n.Title != "" {
		what = fmt.Sprintf("%s titled %q, %d tokens, approval %s", n.Kind, n.Title, n.Tokens, n.Approval)
	}
	if in := inputNames(n); in != "" {
		what += "; " + in
	}
	msg := fmt.Sprintf("tool %q was added (%s) for %s", n.Name, what, d.audience(n))
	if needs := n.RootAccess(); needs != "" {
		msg += "; the API answers it only for " + needs // who of that audience it serves
	}
	if len(why) > 0 {
		msg += ": " + strings.Join(why, "; ")
	}
	c := d.add("tool-added", n.Name, "", msg, nil, n.Name)
	if len(why) > 0 {
		c.Level = Dangerous // as a role gaining an existing tool is: a flagged change is never safe
		c.flag(FlagSecurity)
	}
}

// audience says who can call a new tool, the security reviewer's first question: the declared
// roles that see it, "every role" when it names none, or every process when the catalog
// declares no roles (toolrt then shows every tool to any role).
func (d *differ) audience(n *catalog.Tool) string {
	if len(d.new.Roles) == 0 {
		return "every process (the catalog declares no roles)"
	}
	var rs []string
	for _, r := range slices.Sorted(maps.Keys(d.new.Roles)) {
		if n.VisibleTo(r) {
			rs = append(rs, r)
		}
	}
	switch {
	case len(n.Roles) == 0:
		return "every role (" + strings.Join(rs, ", ") + ")"
	case len(rs) == 0:
		return "no declared role"
	case len(rs) == 1:
		return "role " + rs[0]
	}
	return "roles " + strings.Join(rs, ", ")
}

// maxInputs caps the inputs a tool-added message names.
const maxInputs = 10

// inputNames lists a new tool's top-level inputs, required first ("inputs id, optional
// assigneeId"); the fields of a single object argument (GitHub's input) stand in its place,
// since "input" alone says nothing.
func inputNames(n *catalog.Tool) string {
	obj, prefix := parseSchema(n.InputSchema), ""
	if arg := n.SingleObjectArgument; arg != "" {
		if p, ok := obj.resolved().properties()[arg]; ok {
			obj, prefix = p, arg+"."
		}
	}
	obj = obj.resolved()
	req := obj.required()
	var required, optional []string
	for _, k := range slices.Sorted(maps.Keys(obj.properties())) {
		if req[k] {
			required = append(required, prefix+k)
		} else {
			optional = append(optional, prefix+k)
		}
	}
	switch {
	case len(required) == 0 && len(optional) == 0:
		return ""
	case len(required) == 0:
		return "optional inputs " + list(optional, maxInputs)
	case len(optional) == 0:
		return "inputs " + list(required, maxInputs)
	}
	return "inputs " + list(required, maxInputs) + ", optional " + list(optional, maxInputs)
}

func (n node) resolved() node {
	r, _ := n.resolve()
	return r
}

// tool compares two versions of one tool (the new one may have been renamed).
func (d *differ) tool(o, n *catalog.Tool) {
	name := n.Name
	switch {
	case o.Kind == catalog.Query && n.Kind == catalog.Mutation:
		d.add("tool-became-mutation", name, "/kind", fmt.Sprintf("tool %q became a mutation: it now writes", name), string(o.Kind), string(n.Kind))
	case o.Kind == catalog.Mutation && n.Kind == catalog.Query:
		d.add("tool-became-query", name, "/kind", fmt.Sprintf("tool %q became a query", name), string(o.Kind), string(n.Kind))
	}
	switch {
	case o.Approval == catalog.ApprovalRequired && n.Approval == catalog.ApprovalNone:
		d.add("approval-relaxed", name, "/approval", fmt.Sprintf("%s %q no longer waits for a person's approval", n.Kind, name), string(o.Approval), string(n.Approval))
	case o.Approval == catalog.ApprovalNone && n.Approval == catalog.ApprovalRequired:
		d.add("approval-tightened", name, "/approval", fmt.Sprintf("%s %q now waits for a person's approval", n.Kind, name), string(o.Approval), string(n.Approval))
	}
	d.toolRoles(o, n)
	if o.Title != n.Title {
		d.title(o, n)
	}
	if o.Description != n.Description {
		d.description("tool-description-changed", name, "/description", fmt.Sprintf("the description of %q changed", name), o.Description, n.Description, o, n)
	}
	d.inputSchema(name, o.InputSchema, n.InputSchema)
	d.pageSize(o, n)
	d.selection(o, n)
	if unnamed(o) != unnamed(n) && !d.explained(name) {
		// What runs changed and no rule above says how (a variable's default or type, a
		// directive no rule reads): the document itself is the change. A renamed tool's
		// operation is renamed too, which tool-renamed says.
		d.add("operation-literal-changed", name, "/operation", fmt.Sprintf("%q sends another operation, in a way no other change here describes", name), o.Operation, n.Operation)
	}
	d.accessChanges(o, n)
	if o.Tokens != n.Tokens {
		c := d.add("tool-tokens-changed", name, "/tokens", fmt.Sprintf("tool %q costs %d tokens, was %d", name, n.Tokens, o.Tokens), o.Tokens, n.Tokens)
		c.TokenDelta = &TokenDelta{Old: o.Tokens, New: n.Tokens, Delta: n.Tokens - o.Tokens}
		if costly(o.Tokens, n.Tokens) {
			c.flag(FlagCost)
		}
	}
}

// title records a changed title. MCP hosts show it, not the name, to the person approving a
// call, so relabelling a write ("Look up a customer address (read-only)" on a delete) misleads
// exactly the check that approval is.
func (d *differ) title(o, n *catalog.Tool) {
	msg := fmt.Sprintf("the title of %s %q is %s, was %s", n.Kind, n.Name, titled(n.Title), titled(o.Title))
	c := d.add("tool-title-changed", n.Name, "/title", msg, orNil(o.Title, o.Title != ""), orNil(n.Title, n.Title != ""))
	if n.Kind == catalog.Mutation || n.Approval == catalog.ApprovalRequired {
		c.Level = Dangerous
		c.flag(FlagSecurity)
		c.Message += ": the person approving its calls reads it"
	}
	d.flagInjected(c, o.Title, n.Title)
}

func titled(t string) string {
	if t == "" {
		return "none"
	}
	return fmt.Sprintf("%q", t)
}

// description records a changed description with its word diff and token delta. When the
// description is all that changed in what the tool costs (same name and input schema), the
// tool's exact token delta is the description's; otherwise it is estimated.
func (d *differ) description(id, tool, path, msg, old, new string, o, n *catalog.Tool) {
	c := d.add(id, tool, path, msg, old, new)
	c.WordDiff = wordDiff(old, new)
	d.flagInjected(c, old, new)
	td := TokenDelta{Old: estimateTokens(old), New: estimateTokens(new), Estimated: true}
	if o != nil && o.Name == n.Name && string(o.InputSchema) == string(n.InputSchema) {
		td = TokenDelta{Old: o.Tokens, New: n.Tokens} // whole tool, exact: only the description moved
	}
	td.Delta = td.New - td.Old
	c.TokenDelta = &td
}

// estimateTokens approximates o200k tokens of English prose as one per four bytes. The exact
// tokenizer takes hundreds of milliseconds to load, more than a whole diff may take.
func estimateTokens(s string) int {
	return (len(s) + 3) / 4
}

// explained reports whether a change of tool's kind, inputs (its variables) or operation is
// recorded: what tells a reviewer why the operation's text changed.
func (d *differ) explained(tool string) bool {
	return slices.ContainsFunc(d.changes, func(c Change) bool {
		return c.Tool == tool && (c.Path == "/kind" || strings.HasPrefix(c.Path, rootPath) || strings.HasPrefix(c.Path, "/operation"))
	})
}

// unnamed is t's operation without its name (Tool_<tool>).
func unnamed(t *catalog.Tool) string {
	return strings.Replace(t.Operation, t.OperationName, "", 1)
}
