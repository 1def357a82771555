// Package allowlist decodes allowlist.yaml: which root fields become tools, for which roles,
// with which approval and description, and the budgets. It parses with one YAML parser
// (goccy/go-yaml, node.go) into a node tree, so that every syntax error and every semantic
// mistake keeps its line and column, and it rejects unknown keys.
package allowlist

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/budget"
	"github.com/toolgen/toolgen/internal/diag"
)

// Pos is a position in allowlist.yaml.
type Pos struct{ Line, Col int }

// File is a decoded allowlist.yaml, in the order its entries were written.
type File struct {
	Name      string // repository-relative path, for diagnostics
	Roles     []Role
	Tools     []Entry
	Selection budget.Set // top-level budgets (the selection: section); zero fields mean the defaults
	Scalars   []Scalar   // custom scalars mapped to JSON Schemas, in the order written
	// DiffLevels override the levels of toolgen diff's rules (the diff: section).
	DiffLevels []LevelOverride
}

// Role is one declared role.
type Role struct {
	Name        string
	Description string
	MaxTokens   int
	Pos         Pos
}

// Entry is one allow-listed tool.
type Entry struct {
	Name        string
	Pos         Pos
	Roles       []string
	RolePos     []Pos
	Title       string // a display name for people, e.g. in MCP hosts
	Approval    string // "", "required" or "none"
	ApprovalPos Pos
	Description string
	Selection   budget.Set    // the tool's own budgets; zero fields inherit the file's
	Lint        []Suppression // lint findings excused for this tool, each with a reason
}

// Role returns the declared role with the given name, or nil.
func (f *File) Role(name string) *Role {
	for i := range f.Roles {
		if f.Roles[i].Name == name {
			return &f.Roles[i]
		}
	}
	return nil
}

// Entry returns the allow-list entry for a tool, or nil.
func (f *File) Entry(name string) *Entry {
	for i := range f.Tools {
		if f.Tools[i].Name == name {
			return &f.Tools[i]
		}
	}
	return nil
}

// Parse decodes allowlist.yaml. It returns every problem it finds; File is nil only when the
// YAML itself cannot be read.
func Parse(name string, src []byte) (*File, diag.List) {
	root, second, err := parseYAML(src)
	if err != nil {
		return nil, syntaxError(name, src, err)
	}
	d := &decoder{file: &File{Name: name}}
	if second != nil {
		d.errorf(second, "the allow-list holds more than one YAML document", "keep one: merge them and remove the --- line")
	}
	if root == nil || root.Null {
		d.errorf(&node{}, "the allow-list is empty", "add a tools: mapping naming at least one Query or Mutation field")
		return d.file, d.diags
	}
	d.top(root)
	return d.file, d.diags
}

func syntaxError(name string, src []byte, err error) diag.List {
	var ds diag.List
	line, col, msg := syntaxPos(err)
	fix := "fix the YAML syntax (indent with spaces, quote strings containing ': ')"
	if h := indentHint(src, line, msg); h != "" {
		what, how, _ := strings.Cut(h, "; ") // a hint says what is wrong, then how to fix it
		msg, fix = msg+": "+what, how
	}
	ds.Add(name, line, col, "invalid YAML: "+msg, fix)
	return ds
}

// decoder walks the node tree and collects diagnostics.
type decoder struct {
	file  *File
	diags diag.List
}

func (d *decoder) errorf(n *node, msg, fix string) {
	d.diags.Add(d.file.Name, n.Line, n.Column, msg, fix)
}

func pos(n *node) Pos { return Pos{n.Line, n.Column} }

// mapping calls fn for every key/value pair of a mapping node, reporting unknown and repeated
// keys. A null node (`key:` or `key: ~`) is treated as an empty mapping.
func (d *decoder) mapping(n *node, what string, known []string, fn func(k, v *node)) {
	if isNull(n) {
		return
	}
	if n.Kind != mappingNode {
		d.errorf(n, fmt.Sprintf("%s must be a mapping, not %s", what, kindName(n)), "write it as key: value pairs, or {} when empty")
		return
	}
	seen := map[string]*node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if first := seen[k.Value]; first != nil {
			d.errorf(k, fmt.Sprintf("%s has the key %q twice (first at %d:%d)", what, k.Value, first.Line, first.Column), "remove one of them")
			continue
		}
		seen[k.Value] = k
		if known != nil && !contains(known, k.Value) {
			d.errorf(k, fmt.Sprintf("unknown key %q in %s", k.Value, what), unknownFix(k.Value, known))
			continue
		}
		fn(k, v)
	}
}

func unknownFix(got string, known []string) string {
	if s := Suggest(got, known); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return fmt.Sprintf("valid keys are %s", quoteList(known))
}

func isNull(n *node) bool {
	return n.Kind == scalarNode && n.Null
}

func kindName(n *node) string {
	switch n.Kind {
	case sequenceNode:
		return "a list"
	case mappingNode:
		return "a mapping"
	case aliasNode:
		return "an alias"
	}
	if n.Null {
		return "null"
	}
	return fmt.Sprintf("the value %q", n.Value)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func quoteList(list []string) string {
	s := ""
	for i, x := range list {
		if i > 0 {
			s += ", "
		}
		s += strconv.Quote(x)
	}
	return s
}
