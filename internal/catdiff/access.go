package catdiff

// access.go compares what the server checks before it answers a tool (catalog.Tool.Access:
// Federation's @authenticated, @requiresScopes and @policy, AppSync's auth modes), place by
// place. A requirement dropped or widened lets more callers read a place (security: a token
// that was refused now gets data); one added or narrowed refuses callers that were answered;
// one replaced does both.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// accessChanges records each place whose requirement differs between o and n. A place that
// only one side lists is compared with "nothing needed" only when both selections still reach
// it: a field that left the selection is selection-field-removed's (which says what it needed).
func (d *differ) accessChanges(o, n *catalog.Tool) {
	oldBy, newBy := accessBy(o.Access), accessBy(n.Access)
	if len(oldBy) == 0 && len(newBy) == 0 {
		return
	}
	oSel, nSel := selectedNames(o.Operation), selectedNames(n.Operation)
	places := slices.Sorted(maps.Keys(oldBy))
	for w := range newBy {
		if _, ok := oldBy[w]; !ok {
			places = append(places, w)
		}
	}
	slices.Sort(places)
	for _, where := range places {
		ov, oOK := oldBy[where]
		nv, nOK := newBy[where]
		if ov == nv || !oOK && !reaches(oSel, where) || !nOK && !reaches(nSel, where) {
			continue
		}
		d.accessChange(n, where, ov, nv)
	}
}

// accessChange words one place's change and picks its rule by who is now let in.
func (d *differ) accessChange(n *catalog.Tool, where, ov, nv string) {
	was, now := needsOf(ov), needsOf(nv)
	newLets, oldLets := admitsAll(now, was), admitsAll(was, now)
	path := pointer("/access", where)
	subject := fmt.Sprintf("%s %q: %s", n.Kind, n.Name, placeName(where))
	switch {
	case newLets && !oldLets:
		msg := fmt.Sprintf("%s no longer needs %s", subject, ov)
		if nv != "" {
			msg = fmt.Sprintf("%s needs %q, was %q: more callers are answered", subject, nv, ov)
		} else if !strings.Contains(where, ".") {
			msg += " (or the tool no longer returns it)"
		}
		d.add("access-loosened", n.Name, path, msg, ov, orNil(nv, nv != ""))
	case oldLets && !newLets:
		msg := fmt.Sprintf("%s now needs %s: a caller without it gets null and an error there", subject, nv)
		if ov != "" {
			msg = fmt.Sprintf("%s needs %q, was %q: a caller meeting only the old gets null and an error there", subject, nv, ov)
		}
		d.add("access-tightened", n.Name, path, msg, orNil(ov, ov != ""), nv)
	default:
		msg := fmt.Sprintf("%s needs %q, was %q: a caller holding only the old is refused, one holding only the new is answered", subject, nv, ov)
		d.add("access-changed", n.Name, path, msg, ov, nv)
	}
}

// placeName words a place: a root or selected field (Type.field) or a returned type.
func placeName(where string) string {
	if strings.Contains(where, ".") {
		return where
	}
	return "type " + where
}

// accessBy indexes a tool's places; the "N more places" line the compiler writes past its cap
// is no place, and comparing its count would only add noise.
func accessBy(as []catalog.Access) map[string]string {
	m := make(map[string]string, len(as))
	for _, a := range as {
		if !strings.HasSuffix(a.Where, " more places") {
			m[a.Where] = a.Needs
		}
	}
	return m
}

// selectedNames is every field name an operation selects, at any depth: the catalog holds no
// types, so Type.field is matched on its field's name.
func selectedNames(op string) map[string]bool {
	names := map[string]bool{}
	sh := selectionOf(op)
	for _, n := range sh.names { // the schema's field names, not aliases
		names[pointerUnescaper.Replace(lastSegment(n))] = true
	}
	return names
}

// reaches reports whether a selection still holds a place: a field by name; a type is assumed
// reached (the catalog cannot tell which fields return it).
func reaches(names map[string]bool, where string) bool {
	_, field, ok := strings.Cut(where, ".")
	return !ok || names[field]
}

// needs is a requirement as alternatives, each a set of conditions all of which a caller must
// meet; no alternatives at all means nothing is needed.
type needs [][]string

// maxAlternatives bounds the product of a place's clauses; past it the place compares as a
// replaced requirement.
const maxAlternatives = 64

// needsOf reads the compiler's wording (compile/access.go): clauses joined by "; " all hold;
// "scopes a and b, or c" and "policies …" are alternatives of conditions; AppSync's modes are
// alternatives joined by " or ". Anything else is one condition, compared as written.
func needsOf(s string) needs {
	if s == "" {
		return nil
	}
	out := needs{{}}
	for _, clause := range strings.Split(s, "; ") {
		var alts needs
		switch {
		case strings.HasPrefix(clause, "scopes "), strings.HasPrefix(clause, "policies "):
			kind, rest, _ := strings.Cut(clause, " ")
			for _, alt := range strings.Split(rest, ", or ") {
				var all []string
				for _, c := range strings.Split(alt, " and ") {
					all = append(all, kind+" "+c)
				}
				alts = append(alts, all)
			}
		case strings.HasPrefix(clause, "AppSync "):
			for _, mode := range strings.Split(clause, " or ") {
				alts = append(alts, []string{mode})
			}
		default:
			alts = needs{{clause}}
		}
		out = both(out, alts)
		if len(out) > maxAlternatives {
			return needs{{s}}
		}
	}
	return out
}

// both is the requirement of meeting a and b: every alternative of one with every one of the other.
func both(a, b needs) needs {
	var out needs
	for _, x := range a {
		for _, y := range b {
			out = append(out, append(slices.Clone(x), y...))
		}
	}
	return out
}

// admitsAll reports whether wide lets in every caller narrow lets in. Nothing needed admits
// everyone; a caller meeting an alternative of narrow meets one of wide whose conditions are a
// subset of it.
func admitsAll(wide, narrow needs) bool {
	if len(wide) == 0 {
		return true
	}
	if len(narrow) == 0 {
		return false
	}
	for _, alt := range narrow {
		if !slices.ContainsFunc(wide, func(w []string) bool { return subset(w, alt) }) {
			return false
		}
	}
	return true
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}
