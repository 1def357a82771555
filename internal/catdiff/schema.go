package catdiff

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/sensitive"
)

// node is a JSON Schema object within its document, so that "$ref" resolves against the root it
// came from: the old and new schemas may define the same $defs name differently.
type node struct {
	m    map[string]any
	root map[string]any
}

func parseSchema(raw json.RawMessage) node {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		m = map[string]any{}
	}
	return node{m: m, root: m}
}

// resolve follows local "$ref" pointers ("#/$defs/X", any JSON Pointer into the same document)
// until it reaches a schema without one; a dangling or cyclic reference resolves to itself.
// Keywords beside a $ref (the compiler writes an input's own description and default there)
// apply on top of the target's, the nearest winning.
func (n node) resolve() (node, string) {
	ref := ""
	var beside []map[string]any // the schemas holding each $ref with more than it, nearest first
	for range 32 {              // a chain of refs longer than this is a cycle
		r, ok := n.m["$ref"].(string)
		if !ok {
			break
		}
		target, ok := lookup(n.root, r)
		if !ok {
			break
		}
		if len(n.m) > 1 {
			beside = append(beside, n.m)
		}
		ref, n = r, node{m: target, root: n.root}
	}
	if len(beside) == 0 {
		return n, ref
	}
	merged := maps.Clone(n.m)
	for i := len(beside) - 1; i >= 0; i-- {
		for k, v := range beside[i] {
			if k != "$ref" {
				merged[k] = v
			}
		}
	}
	return node{m: merged, root: n.root}, ref
}

// lookup resolves a local JSON Pointer reference ("#/a/b") in root.
func lookup(root map[string]any, ref string) (map[string]any, bool) {
	if !strings.HasPrefix(ref, "#") {
		return nil, false
	}
	var cur any = root
	for _, seg := range strings.Split(strings.TrimPrefix(ref, "#"), "/")[1:] {
		seg = pointerUnescaper.Replace(seg)
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		cur = m[seg]
	}
	m, ok := cur.(map[string]any)
	return m, ok
}

func (n node) child(key string) (node, bool) {
	m, ok := n.m[key].(map[string]any)
	return node{m: m, root: n.root}, ok
}

func (n node) properties() map[string]node {
	out := map[string]node{}
	props, _ := n.m["properties"].(map[string]any)
	for k, v := range props {
		if m, ok := v.(map[string]any); ok {
			out[k] = node{m: m, root: n.root}
		}
	}
	return out
}

func (n node) required() map[string]bool {
	out := map[string]bool{}
	list, _ := n.m["required"].([]any)
	for _, v := range list {
		if s, ok := v.(string); ok {
			out[s] = true
		}
	}
	return out
}

// inputSchema compares two tools' input schemas from the root object down.
func (d *differ) inputSchema(tool string, old, new json.RawMessage) {
	if string(old) == string(new) {
		return
	}
	s := &schemaDiff{d: d, tool: tool, active: map[[2]string]bool{}}
	s.compare(parseSchema(old), parseSchema(new), rootPath, "")
}

// rootPath is where a tool's input schema starts. Root-ness is decided by the path, never by the
// name: a tool's only argument is often called "input" (every GitHub and Shopify mutation).
const rootPath = "/inputSchema"

// what names a schema position in a message: an input by its dotted name, or the whole input.
func what(path, name string) string {
	if path == rootPath {
		return "the tool's input"
	}
	return "input " + name
}

// schemaDiff walks two schemas in step. active holds the pairs of $refs on the path from the
// root, so recursive input types terminate, while a type shared by several inputs is compared
// (and its changes reported) under each of them.
type schemaDiff struct {
	d      *differ
	tool   string
	active map[[2]string]bool
}

// compare diffs one schema position. name is the input's dotted name, for messages ("" at the
// root).
func (s *schemaDiff) compare(o, n node, path, name string) {
	otd, ntd := o.targetDescription(), n.targetDescription()
	o, oref := o.resolve()
	n, nref := n.resolve()
	if oref != "" && nref != "" {
		key := [2]string{oref, nref}
		if s.active[key] {
			return // a recursive type, already being compared further up this path
		}
		s.active[key] = true
		defer delete(s.active, key)
	}
	s.description(o, n, path, name)
	s.typeDescription(o, n, otd, ntd, nref, path, name)
	s.types(o, n, path, name)
	s.enum(o, n, path, name)
	s.constraints(o, n, path, name)
	s.scalarKeyword("default", "input-default-changed", o, n, path, name)
	s.scalarKeyword("pattern", "input-pattern-changed", o, n, path, name)
	s.objects(o, n, path, name)
	if oi, ok := o.child("items"); ok {
		if ni, ok := n.child("items"); ok {
			s.compare(oi, ni, path+"/items", name+"[]")
		}
	}
}

// targetDescription is the description of the schema n's $refs lead to, which one beside a $ref
// shadows in resolve: the model reads both.
func (n node) targetDescription() string {
	for range 32 {
		r, ok := n.m["$ref"].(string)
		if !ok {
			break
		}
		target, ok := lookup(n.root, r)
		if !ok {
			break
		}
		n = node{m: target, root: n.root}
	}
	d, _ := n.m["description"].(string)
	return d
}

// typeDescription reports a change of the referenced type's own description where one beside
// the $ref shadows it (GitHub's DiffSide, Shopify's CountryCode), at the type's pointer.
func (s *schemaDiff) typeDescription(o, n node, otd, ntd, nref, path, name string) {
	od, _ := o.m["description"].(string)
	nd, _ := n.m["description"].(string)
	if otd == ntd || od == otd && nd == ntd {
		return // the same, or not shadowed: description reported it
	}
	at, typ := path+"/description", ""
	if strings.HasPrefix(nref, "#/") {
		at, typ = rootPath+strings.TrimPrefix(nref, "#")+"/description", " ("+nref[strings.LastIndexByte(nref, '/')+1:]+")"
	}
	s.d.description("input-description-changed", s.tool, at, fmt.Sprintf("the description of the type%s of %s changed", typ, what(path, name)), otd, ntd, nil, nil)
}

// describe is a schema's description, beside its $ref or at the target.
func describe(n node) string {
	r, _ := n.resolve()
	d, _ := r.m["description"].(string)
	return d
}

func (s *schemaDiff) description(o, n node, path, name string) {
	od, _ := o.m["description"].(string)
	nd, _ := n.m["description"].(string)
	if od != nd {
		s.d.description("input-description-changed", s.tool, path+"/description", fmt.Sprintf("the description of %s changed", what(path, name)), od, nd, nil, nil)
	}
}

// scalarKeyword reports any change of a keyword compared as a whole value.
func (s *schemaDiff) scalarKeyword(key, id string, o, n node, path, name string) {
	ov, oOK := o.m[key]
	nv, nOK := n.m[key]
	if !oOK && !nOK || canonical(ov) == canonical(nv) {
		return
	}
	msg := fmt.Sprintf("%s: %s changed from %s to %s", what(path, name), key, show(ov, oOK), show(nv, nOK))
	c := s.d.add(id, s.tool, path+"/"+key, msg, ov, nv)
	if key == "default" { // the model reads a default's text as it reads a description
		s.d.flagInjected(c, stringsIn(ov), stringsIn(nv))
	}
}

// stringsIn joins the strings of a JSON value at any depth, one a line: the text a default
// puts before the model.
func stringsIn(v any) string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(v)
			b.WriteByte('\n')
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(k)
				walk(v[k])
			}
		}
	}
	walk(v)
	return b.String()
}

func show(v any, ok bool) string {
	if !ok {
		return "none"
	}
	return canonical(v)
}

// objects compares properties: removal and new required properties break old calls against a
// closed schema; new optional ones are safe unless a default changes what omitting them means.
func (s *schemaDiff) objects(o, n node, path, name string) {
	op, np := o.properties(), n.properties()
	oreq, nreq := o.required(), n.required()
	for _, k := range slices.Sorted(maps.Keys(op)) {
		p, sub := pointer(path, "properties", k), joinName(path, name, k)
		nv, ok := np[k]
		switch {
		case !ok:
			s.d.add("input-property-removed", s.tool, p, fmt.Sprintf("input %s was removed: calls that pass it are now rejected", sub), k, nil)
			continue
		case !oreq[k] && nreq[k]:
			s.d.add("input-property-became-required", s.tool, p, fmt.Sprintf("input %s became required", sub), false, true)
		case oreq[k] && !nreq[k]:
			s.d.add("input-property-became-optional", s.tool, p, fmt.Sprintf("input %s became optional", sub), true, false)
		}
		s.compare(op[k], nv, p, sub)
	}
	for _, k := range slices.Sorted(maps.Keys(np)) {
		if _, ok := op[k]; ok {
			continue
		}
		s.added(np[k], nreq[k], pointer(path, "properties", k), joinName(path, name, k), k, holder(path, name))
	}
}

// added reports a new property; via is the input holding it, for the sensitivity check (a
// filter's _eq is as secret as the field it filters).
func (s *schemaDiff) added(prop node, required bool, path, name, key, via string) {
	r, _ := prop.resolve()
	typ := typeName(typeSet(r.m["type"]))
	switch {
	case required:
		s.d.add("input-required-property-added", s.tool, path, fmt.Sprintf("required input %s (%s) was added: calls without it are now rejected", name, typ), nil, key)
	default:
		c := s.d.add("input-optional-property-added", s.tool, path, fmt.Sprintf("optional input %s (%s) was added", name, typ), nil, key)
		if def, ok := r.m["default"]; ok {
			c.Level = Dangerous
			c.Message += " with default " + canonical(def)
			s.d.flagInjected(c, "", stringsIn(def))
		}
	}
	if sensitiveInput(inputField(prop, key, via)) {
		s.d.add("input-sensitive-property-added", s.tool, path, fmt.Sprintf("input %s names a credential or the acting identity: the model now chooses it", name), nil, key)
	}
	// Everything below a new input is new too: an added credentials object holds its password.
	walkProperties(prop, path, func(p, dotted, k, via string, sub node) {
		if via == "" {
			via = key
		}
		if sensitiveInput(inputField(sub, k, via)) {
			s.d.add("input-sensitive-property-added", s.tool, p, fmt.Sprintf("input %s names a credential or the acting identity: the model now chooses it", joinDotted(name, dotted)), nil, k)
		}
	})
}

// joinName is the dotted name of property k of the position at path named parent.
func joinName(path, parent, k string) string {
	if path == rootPath {
		return k
	}
	return parent + "." + k
}

// walkProperties calls fn for every property below n at any depth, following $refs once each,
// with its pointer, its dotted name relative to n ("a[].b"), its key and the key of the property
// holding it ("" at n's top level).
func walkProperties(n node, path string, fn func(path, dotted, key, via string, prop node)) {
	seen := map[string]bool{}
	var walk func(n node, path, dotted, via string)
	walk = func(n node, path, dotted, via string) {
		n, ref := n.resolve()
		if ref != "" {
			if seen[ref] {
				return
			}
			seen[ref] = true
		}
		props := n.properties()
		for _, k := range slices.Sorted(maps.Keys(props)) {
			p, d := pointer(path, "properties", k), k
			if dotted != "" {
				d = dotted + "." + k
			}
			fn(p, d, k, via, props[k])
			walk(props[k], p, d, k)
		}
		if it, ok := n.child("items"); ok {
			walk(it, path+"/items", dotted+"[]", via)
		}
	}
	walk(n, path, "", "")
}

// inputField is an input property as sensitive judges it: by its name, the property holding it
// and what its schema accepts (an object, a list of them, an enum or a flag holds no secret itself).
func inputField(prop node, name, via string) sensitive.Field {
	f := sensitive.Field{Name: name, Via: via}
	for range 8 { // a list's items, a list of lists
		r, _ := prop.resolve()
		it, list := r.child("items")
		_, enum := r.m["enum"]
		switch {
		case enum:
			f.Kind = sensitive.Enum
		case r.m["type"] == "boolean":
			f.Kind, f.Type = sensitive.Scalar, "Boolean"
		case r.m["type"] == "object" || r.m["properties"] != nil:
			f.Kind = sensitive.Composite
		case r.m["type"] == "array" && list:
			prop = it
			continue
		}
		return f
	}
	return f
}

// joinDotted appends a relative dotted name ("b", "[].b") to name.
func joinDotted(name, dotted string) string {
	if strings.HasPrefix(dotted, "[") {
		return name + dotted
	}
	return name + "." + dotted
}

// holder is the name of the property at path, as the properties below it see it: the last
// segment of its dotted name, a list's items standing for the list; "" at the root.
func holder(path, name string) string {
	if path == rootPath {
		return ""
	}
	name = strings.TrimRight(name, "[]")
	return name[strings.LastIndexByte(name, '.')+1:]
}
