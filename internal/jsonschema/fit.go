package jsonschema

// This file is the input fit phase (docs/selection.md, "Input fit"): a tool whose input schema
// costs more tokens than its budget is made smaller in steps, the one that loses the least for
// the model first, stopping as soon as it fits. No step drops a property, a type or a
// constraint: the schema accepts exactly the values it accepted before; only descriptions
// (annotations) get shorter, and identical parts are written once.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/plural"
)

// KeepDescriptionsDepth is the deepest property whose description the fit phase never drops:
// the tool's variables (depth 1) and their fields (depth 2) keep theirs.
const KeepDescriptionsDepth = 2

// Cost is the token cost of a schema.
type Cost func(Object) (int, error)

// Fit makes s, which costs n tokens, cost at most budget tokens, when it costs more, in this
// order: identical input objects and enums are written once in $defs; descriptions of nested
// properties are cut to their first sentence, the deepest first; descriptions deeper than
// KeepDescriptionsDepth are dropped, the deepest first; sharing runs again (parts that differed
// only in descriptions are now identical); the variables' own descriptions are cut to their lead
// (lead.go), the longest first. It returns the schema (s itself when it fits
// already), a note per kind of reduction applied, and the cost it ends with, which may still be
// over budget.
func Fit(s Object, n, budget int, cost Cost) (Object, []string, int, error) {
	if n <= budget {
		return s, nil, n, nil
	}
	f := &fitter{s: deepClone(s).(Object)}
	deepest := f.maxDepth()
	// Between exact counts the cost is estimated at the tokens per character of the last count:
	// tokenizing a large schema after every step would cost more than the rest of the compile.
	size := len(Compact(f.s))
	perChar, exact := float64(n)/float64(size), true
	// need estimates the characters still to remove, so that a step edits the largest
	// descriptions of its depth only as far as needed.
	need := func() int { return int(float64(n-budget)/perChar) + 1 }
	steps := []func() int{f.share}
	for d := deepest; d >= 2; d-- {
		steps = append(steps, func() int { return f.reduce(d, need(), shorten, &f.shortened, &f.shortenTo) })
	}
	for d := deepest; d > KeepDescriptionsDepth; d-- {
		steps = append(steps, func() int { return f.reduce(d, need(), drop, &f.dropped, &f.dropFrom) })
	}
	steps = append(steps, f.share)
	// Last, and only as far as needed: the tool's own variables' descriptions cut to their lead.
	steps = append(steps, func() int { return f.reduce(1, need(), leadEdit, &f.led, new(int)) })
	var err error
	for _, step := range steps {
		for n > budget && step() > 0 { // a step may take several rounds at one depth
			size = len(Compact(f.s))
			if n, exact = int(float64(size)*perChar+0.5), false; n > budget {
				continue
			}
			if n, err = cost(f.s); err != nil {
				return s, nil, 0, err
			}
			perChar, exact = float64(n)/float64(size), true
		}
	}
	if !exact {
		n, err = cost(f.s)
	}
	return f.s, f.notes(), n, err
}

// fitter is one schema under reduction and what was done to it.
type fitter struct {
	s                   Object
	shared              []string // $defs entries added
	uses                int      // inline copies replaced by a $ref
	shortened, dropped  int
	led                 int // variables' descriptions cut to their lead
	shortenTo, dropFrom int // the shallowest depth reached by each step
}

func (f *fitter) notes() []string {
	var out []string
	if len(f.shared) > 0 {
		out = append(out, fmt.Sprintf("input schema: %s written once in $defs (%s)", plural.Count(f.uses, "identical part"), strings.Join(f.shared, ", ")))
	}
	if f.shortened > 0 {
		out = append(out, fmt.Sprintf("input schema: %s cut to their first sentence, the longest first, none shallower than depth %d", plural.Count(f.shortened, "nested description"), f.shortenTo))
	}
	if f.dropped > 0 {
		out = append(out, fmt.Sprintf("input schema: %s dropped, the longest first, none shallower than depth %d", plural.Count(f.dropped, "nested description"), f.dropFrom))
	}
	if f.led > 0 {
		out = append(out, fmt.Sprintf("input schema: %s cut to their lead (the first sentence, what states a limit, a format or a deprecation, the link to the full text, and a table's first column)", plural.Count(f.led, "argument description")))
	}
	return out
}

// edit is one reduction of a node: the node edited and the characters saved, 0 when it does
// not apply. It does not change the node it is given.
type edit func(Object) (Object, int)

// shorten cuts a description to its first sentence.
func shorten(o Object) (Object, int) { return cutDescription(o, firstSentence) }

// cutDescription replaces o's description with cut's shorter text, if it is shorter.
func cutDescription(o Object, cut func(string) string) (Object, int) {
	desc, ok := get(o, "description").(string)
	if !ok {
		return o, 0
	}
	short := cut(desc)
	if len(short) >= len(desc) {
		return o, 0
	}
	return slices.Clone(o).Set("description", short), len(desc) - len(short)
}

// drop removes a description.
func drop(o Object) (Object, int) {
	i := index(o, "description")
	if i < 0 {
		return o, 0
	}
	return slices.Delete(slices.Clone(o), i, i+1), len(Compact(o[i].Value)) + len(`,"description":`)
}

// reduce applies e to the nodes at depth d that save the most, until they save need
// characters, and counts them in *count and the depth in *depth. It returns how many it edited.
func (f *fitter) reduce(d, need int, e edit, count, depth *int) int {
	var savings []int // per node at depth d, in visit order
	f.visit(func(o Object, at int) Object {
		if at == d {
			_, s := e(o)
			savings = append(savings, s)
		}
		return o
	})
	order := make([]int, len(savings))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return savings[b] - savings[a] })
	chosen := map[int]bool{}
	for _, i := range order {
		if need <= 0 || savings[i] == 0 {
			break
		}
		chosen[i], need = true, need-savings[i]
	}
	i := 0
	f.visit(func(o Object, at int) Object {
		if at != d {
			return o
		}
		i++
		if chosen[i-1] {
			o, _ = e(o)
		}
		return o
	})
	if len(chosen) > 0 {
		*count, *depth = *count+len(chosen), d
	}
	return len(chosen)
}

// firstSentence is desc up to its first sentence end (a period, question or exclamation mark
// followed by a space or a line break), or its first paragraph; desc itself when it is one
// sentence. Common abbreviations do not end a sentence.
func firstSentence(desc string) string {
	desc = strings.TrimSpace(desc)
	if i := strings.Index(desc, "\n\n"); i > 0 {
		desc = desc[:i]
	}
	for i := 0; i < len(desc)-1; i++ {
		c := desc[i]
		if (c != '.' && c != '?' && c != '!') || (desc[i+1] != ' ' && desc[i+1] != '\n') {
			continue
		}
		word := desc[strings.LastIndexAny(desc[:i], " \n(")+1 : i]
		if abbreviation(word) {
			continue
		}
		return desc[:i+1]
	}
	return desc
}

func abbreviation(w string) bool {
	switch strings.ToLower(w) {
	case "e.g", "i.e", "etc", "vs", "ex", "approx", "no", "incl":
		return true
	}
	return len(w) == 1 // an initial: "J. Smith"
}

// visit rewrites every schema node bottom-up with f, passing its property depth: the tool's
// variables are depth 1, their fields 2, an array's items the depth of the array, and a $defs
// entry the depth of its shallowest use.
func (f *fitter) visit(fn func(Object, int) Object) {
	depths := f.defDepths()
	var walk func(o Object, depth int) Object
	walk = func(o Object, depth int) Object {
		for i, m := range o {
			switch m.Key {
			case "properties":
				props, _ := m.Value.(Object)
				for j, p := range props {
					if po, ok := p.Value.(Object); ok {
						props[j].Value = walk(po, depth+1)
					}
				}
			case "items":
				if io, ok := m.Value.(Object); ok {
					o[i].Value = walk(io, depth)
				}
			}
		}
		return fn(o, depth)
	}
	for _, m := range f.s {
		switch m.Key {
		case "properties":
			props, _ := m.Value.(Object)
			for j, p := range props {
				if po, ok := p.Value.(Object); ok {
					props[j].Value = walk(po, 1)
				}
			}
		case "$defs":
			defs, _ := m.Value.(Object)
			for j, d := range defs {
				if do, ok := d.Value.(Object); ok {
					defs[j].Value = walk(do, depths[d.Key])
				}
			}
		}
	}
}

// defDepths is the depth of each $defs entry's shallowest use (found by walking the properties
// and then the entries, until no depth gets smaller).
func (f *fitter) defDepths() map[string]int {
	depths := map[string]int{}
	var walk func(o Object, depth int) bool
	walk = func(o Object, depth int) bool {
		changed := false
		if ref, ok := get(o, "$ref").(string); ok {
			name := strings.TrimPrefix(ref, "#/$defs/")
			if d, seen := depths[name]; !seen || depth < d {
				depths[name], changed = depth, true
			}
		}
		if props, ok := get(o, "properties").(Object); ok {
			for _, p := range props {
				if po, ok := p.Value.(Object); ok {
					changed = walk(po, depth+1) || changed
				}
			}
		}
		if io, ok := get(o, "items").(Object); ok {
			changed = walk(io, depth) || changed
		}
		return changed
	}
	walk(Object{{"properties", get(f.s, "properties")}}, 0)
	defs, _ := get(f.s, "$defs").(Object)
	for changed := true; changed; {
		changed = false
		for _, d := range defs {
			if do, ok := d.Value.(Object); ok {
				if depth, seen := depths[d.Key]; seen {
					changed = walk(do, depth) || changed
				}
			}
		}
	}
	return depths
}

// maxDepth is the deepest property depth of the schema.
func (f *fitter) maxDepth() int {
	deepest := 0
	f.visit(func(o Object, depth int) Object {
		deepest = max(deepest, depth)
		return o
	})
	return deepest
}

func get(o Object, key string) any {
	if i := index(o, key); i >= 0 {
		return o[i].Value
	}
	return nil
}

func index(o Object, key string) int {
	for i, m := range o {
		if m.Key == key {
			return i
		}
	}
	return -1
}

// deepClone copies every Object and list, so that the fit phase edits nothing the builder
// shares between the uses of one type.
func deepClone(v any) any {
	switch v := v.(type) {
	case Object:
		out := make(Object, len(v))
		for i, m := range v {
			out[i] = Member{m.Key, deepClone(m.Value)}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = deepClone(x)
		}
		return out
	case []string:
		return slices.Clone(v)
	}
	return v
}
