package review

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// input is one row of a tool's input table: a property at any depth, dotted.
type input struct {
	Name        string
	Type        string
	Required    bool
	Description string

	NameCell, TypeCell, DescriptionCell string // the row's cells, escaped once (visibleInputs)
}

// maxInputRows bounds a tool's table; deeper inputs are in generated/schemas/<tool>.json.
const maxInputRows = 60

// inputs flattens an input schema into rows in the schema's order, following "$ref" into
// "$defs" (a type shared by several inputs is listed under each; one that contains itself stops
// at its second appearance on the path).
func inputs(raw json.RawMessage) []input {
	var root orderedObject
	if root.UnmarshalJSON(raw) != nil { // not json.Unmarshal: it scans the whole text once more first
		return nil
	}
	w := &inputWalker{defs: root.get("$defs"), active: map[string]bool{}}
	w.object(root, "")
	return w.rows
}

type inputWalker struct {
	defs   orderedObject
	active map[string]bool // the $defs names on the path from the root to here
	rows   []input
}

func (w *inputWalker) object(o orderedObject, prefix string) {
	required := o.strings("required")
	for _, p := range o.get("properties") {
		if len(w.rows) >= maxInputRows {
			return
		}
		name := prefix + p.key
		own, _ := p.value.(orderedObject)
		prop, ref := w.resolve(own)
		row := input{Name: name, Type: typeText(prop, ref), Required: slices.Contains(required, p.key), Description: prop.str("description")}
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
		w.rows = append(w.rows, row)
		w.expand(prop, ref, name)
	}
}

// expand lists a property's own properties and its items' properties, unless its type is
// already being listed further up the path.
func (w *inputWalker) expand(prop orderedObject, ref, name string) {
	if ref != "" {
		if w.active[ref] {
			w.rows[len(w.rows)-1].Type += " (recursive, see above)"
			return
		}
		w.active[ref] = true
		defer delete(w.active, ref)
	}
	w.object(prop, name+".")
	if items, ok := prop.get2("items"); ok {
		items, iref := w.resolve(items)
		if iref != "" {
			if w.active[iref] {
				return
			}
			w.active[iref] = true
			defer delete(w.active, iref)
		}
		w.object(items, name+"[].")
	}
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

// typeText renders a property's type: "integer", "string: ACTION | DRAMA", "array of object",
// with "default 10" when it has one.
func typeText(o orderedObject, ref string) string {
	t := o.str("type")
	if t == "array" {
		if items, ok := o.get2("items"); ok {
			t = "array of " + orAny(items.str("type"))
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
