package review

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/plural"
)

// input is one row of a tool's input table: a property at any depth, dotted.
type input struct {
	Name        string
	Type        string
	Required    bool
	Description string

	NameCell, TypeCell, DescriptionCell string // the row's cells, escaped once (visibleInputs)
}

// inputTable is a tool's input table: the rows it lists and, when it leaves rows out, how many
// the whole schema has.
type inputTable struct {
	Rows  []input
	Total int  // every row of the schema when the table leaves some out, else 0
	More  bool // the count stopped at maxInputNodes: Total is a lower bound
}

// maxInputRows bounds a tool's table. Every top-level argument is always listed, then the
// fields below them level by level while an object's fields fit whole: a reviewer sees every
// argument and the shallow shape, and a row whose fields are left out says so.
const maxInputRows = 60

// maxInputNodes bounds the walk that counts the rows left out: a type shared by several inputs
// is listed under each, so the tree of a schema can be much larger than its text.
const maxInputNodes = 2000

// inputs flattens an input schema into rows in the schema's order, following "$ref" into
// "$defs" (a type shared by several inputs is listed under each; one that contains itself stops
// at its second appearance on the path).
func inputs(raw json.RawMessage) inputTable {
	var root orderedObject
	if root.UnmarshalJSON(raw) != nil { // not json.Unmarshal: it scans the whole text once more first
		return inputTable{}
	}
	w := &inputWalker{defs: root.get("$defs")}
	tops := w.build(root)
	listTopDown(tops)
	var t inputTable
	for _, n := range tops {
		t.Rows = appendListed(t.Rows, n)
	}
	if w.nodes > len(t.Rows) {
		t.Total, t.More = w.nodes, w.capped
	}
	return t
}

type inputWalker struct {
	defs   orderedObject
	nodes  int  // nodes built so far
	capped bool // some node's fields were not built (maxInputNodes)
}

// inputNode is one property of the tree: its row, where its fields come from and, once built,
// the fields themselves.
type inputNode struct {
	row      input
	groups   []fieldGroup // the property's own fields and its items' fields
	fields   int          // how many fields the groups hold
	children []*inputNode // built breadth-first, nil past maxInputNodes
	built    bool
	listed   bool
}

// fieldGroup is an object whose properties are fields of a node, with the prefix of their names
// and the $defs names on the path down to them.
type fieldGroup struct {
	obj    orderedObject
	prefix string
	refs   *refPath
}

// refPath is the $defs names on the path from the root to a node, innermost first.
type refPath struct {
	name string
	up   *refPath
}

func (p *refPath) has(name string) bool {
	for ; p != nil; p = p.up {
		if p.name == name {
			return true
		}
	}
	return false
}

func (p *refPath) with(name string) *refPath {
	if name == "" {
		return p
	}
	return &refPath{name: name, up: p}
}

// build makes the tree breadth-first, so that the node bound cuts the deepest rows, and returns
// the top-level nodes.
func (w *inputWalker) build(root orderedObject) []*inputNode {
	tops := w.children(fieldGroup{obj: root})
	queue := slices.Clone(tops)
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n.fields == 0 {
			continue
		}
		if w.nodes+n.fields > maxInputNodes {
			w.capped = true
			continue
		}
		for _, g := range n.groups {
			n.children = append(n.children, w.children(g)...)
		}
		n.built = true
		queue = append(queue, n.children...)
	}
	return tops
}

// children makes a node for each property of a group.
func (w *inputWalker) children(g fieldGroup) []*inputNode {
	required := g.obj.strings("required")
	props := g.obj.get("properties")
	out := make([]*inputNode, 0, len(props))
	for _, p := range props {
		out = append(out, w.node(p, g, slices.Contains(required, p.key)))
	}
	w.nodes += len(out)
	return out
}

// node makes one property's row and says where its fields are, unless its type is already
// being listed further up the path.
func (w *inputWalker) node(p member, g fieldGroup, required bool) *inputNode {
	name := g.prefix + p.key
	own, _ := p.value.(orderedObject)
	prop, ref := w.resolve(own)
	row := input{Name: name, Type: w.typeText(prop, ref), Required: required, Description: prop.str("description")}
	if ref != "" { // a use of a shared definition may carry its own description and default
		if d := own.str("description"); d != "" {
			row.Description = d
		}
		if d, ok := own.lookup("default"); ok {
			b, _ := json.Marshal(d)
			row.Type += fmt.Sprintf(" (default %s)", b)
		}
	}
	if row.Type == "" {
		row.Type = "any"
	}
	n := &inputNode{row: row}
	if g.refs.has(ref) {
		n.row.Type += " (recursive, see above)"
		return n
	}
	refs := g.refs.with(ref)
	n.add(fieldGroup{obj: prop, prefix: name + ".", refs: refs})
	if items, ok := prop.get2("items"); ok {
		items, iref := w.resolve(items)
		if refs.has(iref) {
			n.row.Type += " (recursive, see above)"
		} else {
			n.add(fieldGroup{obj: items, prefix: name + "[].", refs: refs.with(iref)})
		}
	}
	return n
}

func (n *inputNode) add(g fieldGroup) {
	if k := len(g.obj.get("properties")); k > 0 {
		n.groups = append(n.groups, g)
		n.fields += k
	}
}

// listTopDown chooses the rows: every top-level node, then level by level the fields of each
// node whose fields fit whole into maxInputRows; after the first level where some did not fit,
// nothing deeper. A listed node whose fields are left out says how many.
func listTopDown(tops []*inputNode) {
	rows := len(tops)
	for _, n := range tops {
		n.listed = true
	}
	for level := tops; len(level) > 0; {
		var next []*inputNode
		cut := false
		for _, n := range level {
			if n.fields == 0 {
				continue
			}
			if !n.built || rows+len(n.children) > maxInputRows {
				cut = true
				n.row.Type += fmt.Sprintf(" (%s not listed)", plural.Count(n.fields, "field"))
				continue
			}
			for _, c := range n.children {
				c.listed = true
			}
			rows += len(n.children)
			next = append(next, n.children...)
		}
		if cut {
			for _, n := range next {
				if n.fields > 0 {
					n.row.Type += fmt.Sprintf(" (%s not listed)", plural.Count(n.fields, "field"))
				}
			}
			return
		}
		level = next
	}
}

// appendListed appends a listed node's row and its listed fields', depth first: the order of
// the schema.
func appendListed(rows []input, n *inputNode) []input {
	rows = append(rows, n.row)
	for _, c := range n.children {
		if c.listed {
			rows = appendListed(rows, c)
		}
	}
	return rows
}

// resolve follows a "#/$defs/Name" reference.
func (w *inputWalker) resolve(o orderedObject) (orderedObject, string) {
	ref := o.str("$ref")
	if name, ok := strings.CutPrefix(ref, "#/$defs/"); ok {
		if d, ok := w.defs.get2(name); ok {
			return d, name
		}
	}
	return o, ""
}

// typeText renders a property's type: "integer", "string: ACTION | DRAMA", "array of object
// AttributeInput" (a shared type by its $defs name), with "default 10" when it has one.
func (w *inputWalker) typeText(o orderedObject, ref string) string {
	return w.itemText(o, ref, 0)
}

// itemText is typeText at a depth of nested lists, bounded: a $defs entry that is a list of
// itself would otherwise never end.
func (w *inputWalker) itemText(o orderedObject, ref string, depth int) string {
	if depth > 8 {
		return "array"
	}
	t := o.str("type")
	if t == "array" {
		if items, ok := o.get2("items"); ok {
			it, iref := w.resolve(items)
			t = "array of " + orAny(w.itemText(it, iref, depth+1))
		}
	}
	if ref != "" {
		t += " " + ref
	}
	if enum := o.rawList("enum"); len(enum) > 0 {
		t += ": " + strings.Join(enum, " | ")
	}
	if d, ok := o.lookup("default"); ok {
		b, _ := json.Marshal(d)
		t += fmt.Sprintf(" (default %s)", b)
	}
	return strings.TrimSpace(t)
}

func orAny(s string) string {
	if s == "" {
		return "any"
	}
	return s
}
