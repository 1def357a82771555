package lint

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/mdtext"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// selections checks what each tool returns: no field that reads as a credential, at any depth,
// and no deprecated field (or deprecated root field).
func (l *linter) selections() {
	w := &selWalker{l: l, seen: map[pathKey]int32{}} // one for all tools: its map keeps its room
	for _, t := range l.in.Catalog.Tools {
		doc := l.in.Docs[t.Name]
		if doc == nil || len(doc.Operations) == 0 {
			continue
		}
		w.tool, w.doc, w.nodes, w.deprecated = t.Name, doc, w.nodes[:0], nil
		clear(w.seen)
		w.walk(doc.Operations[0].SelectionSet, -1, 0)
		w.reportDeprecated()
	}
}

// reportDeprecated reports a tool's deprecated fields as one finding: a type deprecated as a
// whole would otherwise give one finding per field. A deprecated root field needs another fix
// than a deprecated field below it: an override must run the same root field, so only
// allow-listing the field that replaces it avoids it.
func (w *selWalker) reportDeprecated() {
	if len(w.deprecated) == 0 {
		return
	}
	first, fields := w.deprecated[0], w.deprecated
	var what []string
	if first.root {
		what = append(what, "runs the deprecated root field "+first.path)
		fields = fields[1:]
	}
	switch len(fields) {
	case 0:
	case 1:
		what = append(what, "selects the deprecated field "+fields[0].path)
	default:
		paths := make([]string, min(3, len(fields)))
		for i := range paths {
			paths[i] = fields[i].path
		}
		s := fmt.Sprintf("selects %d deprecated fields (%s", len(fields), strings.Join(paths, ", "))
		if len(fields) > len(paths) {
			s += fmt.Sprintf(" and %d more", len(fields)-len(paths))
		}
		what = append(what, s+")")
	}
	where := w.l.overrideFix(w.tool)
	fix := fmt.Sprintf("select the replacements (%s), %s", where, w.l.suppressFix(w.tool, "deprecated-usage"))
	if first.root {
		fix = fmt.Sprintf("allow-list the root field that replaces %s instead of this tool (an override runs the same root field, so it cannot avoid it), %s",
			first.path, w.l.suppressFix(w.tool, "deprecated-usage"))
	}
	w.l.report(Finding{Rule: "deprecated-usage", Tool: w.tool, Severity: diag.Warning, Pos: first.pos,
		Message: fmt.Sprintf("tool %q %s%s", w.tool, strings.Join(what, " and "), first.reason), Fix: fix})
}

// deprecatedUse is one deprecated field a tool selects.
type deprecatedUse struct {
	path, reason string
	root         bool
	pos          ast.Position
}

// selWalker walks one tool's selection; seen reports each field path once, even when several
// fragments select it. A path is a node: its parent's node and its field name, so the dotted
// text is built only for a finding.
type selWalker struct {
	l     *linter
	tool  string
	doc   *ast.QueryDocument
	seen  map[pathKey]int32
	nodes []pathKey

	deprecated []deprecatedUse
}

// pathKey is a field path: the node of the path it extends (-1 at the root) and the field.
type pathKey struct {
	parent int32
	name   string
}

// path is the dotted text of node i, e.g. repository.owner.login.
func (w *selWalker) path(i int32) string {
	n := 0
	for j := i; j >= 0; j = w.nodes[j].parent {
		n += len(w.nodes[j].name) + 1
	}
	b := make([]byte, n-1)
	for j := i; j >= 0; j = w.nodes[j].parent {
		name := w.nodes[j].name
		n -= len(name) + 1
		copy(b[n:], name)
		if n > 0 {
			b[n-1] = '.'
		}
	}
	return string(b)
}

func (w *selWalker) walk(set ast.SelectionSet, parent int32, depth int) {
	if depth > 64 {
		return
	}
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			k := pathKey{parent, s.Name}
			node, ok := w.seen[k]
			if !ok {
				node = int32(len(w.nodes))
				w.seen[k] = node
				w.nodes = append(w.nodes, k)
				w.field(s, node, depth == 0)
			}
			w.walk(s.SelectionSet, node, depth+1)
		case *ast.InlineFragment:
			w.walk(s.SelectionSet, parent, depth+1)
		case *ast.FragmentSpread:
			if f := w.doc.Fragments.ForName(s.Name); f != nil {
				w.walk(f.SelectionSet, parent, depth+1)
			}
		}
	}
}

func (w *selWalker) field(f *ast.Field, node int32, root bool) {
	l, tool := w.l, w.tool
	if len(f.SelectionSet) == 0 && l.credential(w.returned(f)) {
		where := l.overrideFix(tool)
		l.report(Finding{Rule: "secret-in-selection", Tool: tool, Severity: diag.Error, Pos: l.posIn(tool, f.Position),
			Message: fmt.Sprintf("tool %q returns %s, which reads as a credential: the model and every transcript would hold it", tool, w.path(node)),
			Fix:     fmt.Sprintf("select without it (%s), %s", where, l.suppressFix(tool, "secret-in-selection"))})
	}
	if f.Definition == nil {
		return
	}
	if d := f.Definition.Directives.ForName("deprecated"); d != nil {
		reason := ""
		if a := d.Arguments.ForName("reason"); a != nil && a.Value != nil {
			reason = ": " + strings.TrimRight(mdtext.OneLine(a.Value.Raw), ".") // a message has no final period
		}
		w.deprecated = append(w.deprecated, deprecatedUse{path: w.path(node), reason: reason, root: root, pos: l.posIn(tool, f.Position)})
	}
}

// returned is a selected field in the context the default selection judges it in: its type and
// the type that declares it (a fragment's type inside a fragment).
func (w *selWalker) returned(f *ast.Field) sensitive.Field {
	if f.Definition == nil || f.ObjectDefinition == nil {
		return sensitive.Field{Name: f.Name}
	}
	return sensitive.Returned(w.l.in.Schema, f.ObjectDefinition, f.Definition)
}
