package jsonschema

import (
	"strconv"
	"strings"
	"unicode"
)

// share writes every input object or enum that appears more than once in the schema, identical
// but for the description and default of its use, once in $defs with a $ref at each use, when
// that is shorter; the largest saving first, since sharing an object also shares what is inside
// it. A part identical to an existing $defs entry becomes a $ref to it. The builder shares by
// GraphQL type; this finds different types with the same shape (five *PatternParametersInput).
// It returns how many inline copies it replaced.
func (f *fitter) share() int {
	total := 0
	for {
		key, uses, saving := f.bestShare()
		if saving <= 0 {
			return total
		}
		name, existing := f.defFor(key, uses)
		ref := "#/$defs/" + name
		var body Object
		f.eachNode(func(o Object, _ string) Object {
			if k, b := shareKey(o); k == key {
				body = b
				return useSite(o, ref)
			}
			return o
		})
		if !existing {
			defs, _ := get(f.s, "$defs").(Object)
			f.s = f.s.Set("$defs", append(defs, Member{name, body}))
			f.shared = append(f.shared, name)
		}
		f.uses += len(uses)
		total += len(uses)
	}
}

// bestShare finds the repeated part whose sharing saves the most characters.
func (f *fitter) bestShare() (key string, uses []string, saving int) {
	seen := map[string][]string{} // key → the property names where it is written
	f.eachNode(func(o Object, prop string) Object {
		if k, _ := shareKey(o); k != "" {
			seen[k] = append(seen[k], prop)
		}
		return o
	})
	defs := f.defKeys()
	for k, props := range seen {
		n, inline := len(props), len(k)
		ref := len(`{"$ref":"#/$defs/` + defName(props) + `"}`)
		var s int
		if _, ok := defs[k]; ok {
			s = n * (inline - ref) // the definition is there already
		} else if n > 1 {
			s = n*inline - (n*ref + len(defName(props)) + 3 + inline)
		}
		if s > saving || (s == saving && s > 0 && k < key) { // the tie broken by content: deterministic
			key, uses, saving = k, props, s
		}
	}
	return key, uses, saving
}

// defFor names the $defs entry of a shared part: an existing entry with that body, else a new
// name from the properties that use it.
func (f *fitter) defFor(key string, uses []string) (string, bool) {
	if name, ok := f.defKeys()[key]; ok {
		return name, true
	}
	base, name := defName(uses), defName(uses)
	defs, _ := get(f.s, "$defs").(Object)
	for i := 2; get(defs, name) != nil; i++ {
		name = base + strconv.Itoa(i)
	}
	return name, false
}

// defKeys maps the shape of each $defs entry to its name.
func (f *fitter) defKeys() map[string]string {
	out := map[string]string{}
	defs, _ := get(f.s, "$defs").(Object)
	for _, d := range defs {
		if do, ok := d.Value.(Object); ok {
			if k, _ := shareKey(do); k != "" {
				if _, dup := out[k]; !dup {
					out[k] = d.Key
				}
			}
		}
	}
	return out
}

// eachNode rewrites every schema node below the root's properties and inside every $defs entry
// (not the entries themselves), bottom-up, with the name of the property it describes.
func (f *fitter) eachNode(fn func(Object, string) Object) {
	var children func(o Object, prop string)
	walk := func(o Object, prop string) Object {
		children(o, prop)
		return fn(o, prop)
	}
	children = func(o Object, prop string) {
		for i, m := range o {
			switch m.Key {
			case "properties":
				props, _ := m.Value.(Object)
				for j, p := range props {
					if po, ok := p.Value.(Object); ok {
						props[j].Value = walk(po, p.Key)
					}
				}
			case "items":
				if io, ok := m.Value.(Object); ok {
					o[i].Value = walk(io, prop)
				}
			}
		}
	}
	children(Object{{"properties", get(f.s, "properties")}}, "")
	defs, _ := get(f.s, "$defs").(Object)
	for _, d := range defs {
		if do, ok := d.Value.(Object); ok {
			children(do, d.Key)
		}
	}
}

// shareKey is the shape of an input object or enum written in place: the node without the
// description and default of its use, compact; "" for any other node.
func shareKey(o Object) (string, Object) {
	if index(o, "properties") < 0 && index(o, "enum") < 0 {
		return "", nil
	}
	body := Object{}
	for _, m := range o {
		if m.Key != "description" && m.Key != "default" {
			body = append(body, m)
		}
	}
	return string(Compact(body)), body
}

// useSite is o's $ref with the description and default of its use kept.
func useSite(o Object, ref string) Object {
	out := Object{{"$ref", ref}}
	for _, m := range o {
		if m.Key == "default" || m.Key == "description" {
			out = append(out, m)
		}
	}
	return out
}

// defName names a shape shared by the properties props: their longest common suffix of whole
// words (branchNamePattern, tagNamePattern: "NamePattern"), else the first property's name,
// with an upper-case first letter.
func defName(props []string) string {
	words := camelWords(props[0])
	common := len(words)
	for _, p := range props[1:] {
		w := camelWords(p)
		k := 0
		for k < min(len(w), common) && strings.EqualFold(w[len(w)-1-k], words[len(words)-1-k]) {
			k++
		}
		common = k
	}
	if common == 0 {
		words = []string{props[0]}
	}
	var name strings.Builder
	for _, w := range words[len(words)-max(common, 1):] {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		name.WriteString(string(r))
	}
	if name.Len() == 0 {
		return "Shared"
	}
	return name.String()
}

// camelWords splits camelCase or snake_case into words.
func camelWords(s string) []string {
	var words []string
	start := 0
	for i, r := range s {
		switch {
		case r == '_':
			if i > start {
				words = append(words, s[start:i])
			}
			start = i + 1
		case unicode.IsUpper(r) && i > start:
			words = append(words, s[start:i])
			start = i
		}
	}
	if start < len(s) {
		words = append(words, s[start:])
	}
	return words
}
