package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// Error-like fields and types, as docs/selection.md defines them: a payload's userErrors, a
// union's ErrorResult members. What they say is about the call, not about its result.
var (
	errorName = regexp.MustCompile(`(?i)(errors?|warnings?)$`)
	errorType = regexp.MustCompile(`(Error|Warning)s?$`)
)

// credentialOnly reports each tool whose answer is only about a credential its selection leaves
// out: uiExtensionSessionToken { expiresIn } without the token's value, GitHub's
// regenerateVerifiableDomainToken with nothing but clientMutationId. Such a tool tells an agent
// when a secret it never sees expires: nothing to act on. init comments it out with this reason.
func (l *linter) credentialOnly() {
	for _, t := range l.in.Catalog.Tools {
		doc := l.in.Docs[t.Name]
		if doc == nil || len(doc.Operations) == 0 {
			continue
		}
		for _, s := range doc.Operations[0].SelectionSet {
			root, ok := s.(*ast.Field)
			if !ok || len(root.SelectionSet) == 0 {
				continue
			}
			c := credScan{l: l, doc: doc}
			c.scan(root.SelectionSet, root.Alias, 0)
			if len(c.leftOut) > 0 && !c.other {
				l.reportCredentialOnly(t.Name, root, c)
			}
		}
	}
}

func (l *linter) reportCredentialOnly(tool string, root *ast.Field, c credScan) {
	kept := "nothing else"
	if len(c.kept) > 0 {
		kept = "only " + strings.Join(c.kept, ", ")
	}
	where := l.overrideFix(tool)
	l.report(Finding{Rule: "credential-only", Tool: tool, Severity: diag.Warning, Pos: l.posIn(tool, root.Position),
		Message: fmt.Sprintf("tool %q leaves out the credential it is for (%s) and returns %s: an agent learns about a secret it never holds", tool, strings.Join(c.leftOut, ", "), kept),
		Fix:     fmt.Sprintf("leave the tool out of allowlist.yaml, or select what an agent can use (%s; a credential needs a reason under secret-in-selection), %s", where, l.suppressFix(tool, "credential-only"))})
}

// credScan walks one tool's selection: the credentials each selected object has and the
// selection leaves out, and whether any kept leaf is of use without them.
type credScan struct {
	l       *linter
	doc     *ast.QueryDocument
	leftOut []string // paths of the credentials left out
	kept    []string // paths of the leaves kept, each about a credential
	other   bool     // a leaf of use on its own: an id, a leaf of a type not named for a credential, or a credential itself (secret-in-selection's finding)
}

func (c *credScan) scan(set ast.SelectionSet, path string, depth int) {
	if c.other {
		return // the verdict is in: something kept is of use, so the tool is not reported
	}
	if depth > 16 {
		c.other = true // too deep to judge: say nothing
		return
	}
	sel := selectedFields{names: map[*ast.Definition]map[string]bool{}}
	c.fields(set, path, depth, &sel, 0)
	for _, t := range sel.types {
		for _, f := range t.Fields {
			if !sel.names[t][f.Name] && !requiresArgs(f) && c.l.credential(sensitive.Returned(c.l.in.Schema, t, f)) {
				c.leftOut = append(c.leftOut, path+"."+f.Name)
			}
		}
	}
}

// selectedFields are the fields one selection set selects, by declaring type in the order met.
type selectedFields struct {
	types []*ast.Definition
	names map[*ast.Definition]map[string]bool
}

func (s *selectedFields) add(t *ast.Definition, name string) {
	if s.names[t] == nil {
		s.types = append(s.types, t)
		s.names[t] = map[string]bool{}
	}
	s.names[t][name] = true
}

// requiresArgs: a field no selection can have without inventing a value.
func requiresArgs(f *ast.FieldDefinition) bool {
	for _, a := range f.Arguments {
		if a.Type.NonNull && a.DefaultValue == nil {
			return true
		}
	}
	return false
}

// fields judges the fields of one selection set, through its fragments, and records which
// fields of each declaring type it selects.
func (c *credScan) fields(set ast.SelectionSet, path string, depth int, sel *selectedFields, frag int) {
	if frag > 16 {
		return
	}
	for _, s := range set {
		if c.other {
			return
		}
		switch s := s.(type) {
		case *ast.InlineFragment:
			c.fields(s.SelectionSet, path, depth, sel, frag+1)
		case *ast.FragmentSpread:
			if f := c.doc.Fragments.ForName(s.Name); f != nil {
				c.fields(f.SelectionSet, path, depth, sel, frag+1)
			}
		case *ast.Field:
			c.field(s, path, depth, sel)
		}
	}
}

func (c *credScan) field(f *ast.Field, path string, depth int, sel *selectedFields) {
	t := f.ObjectDefinition
	if t == nil || f.Definition == nil {
		c.other = true
		return
	}
	if errorType.MatchString(t.Name) && t.Fields.ForName("message") != nil {
		return // an error member's fields
	}
	sel.add(t, f.Name)
	p := path + "." + f.Alias
	switch {
	case f.Name == "__typename" || f.Name == "clientMutationId":
	case len(f.SelectionSet) > 0:
		if !errorLike(c.l.in.Schema, f.Definition) {
			c.scan(f.SelectionSet, p, depth+1)
		}
	case f.Name == "id" || !c.l.holder(t.Name) || c.l.credential(sensitive.Returned(c.l.in.Schema, t, f.Definition)):
		c.other = true
	default:
		c.kept = append(c.kept, p)
	}
}

// errorLike: an object with a message, named or typed as errors (userErrors, ErrorResult).
func errorLike(s *ast.Schema, f *ast.FieldDefinition) bool {
	t := s.Types[f.Type.Name()]
	if t == nil || (t.Kind != ast.Object && t.Kind != ast.Interface) || t.Fields.ForName("message") == nil {
		return false
	}
	return errorName.MatchString(f.Name) || errorType.MatchString(t.Name)
}
