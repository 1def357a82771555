package args

// This file words an unknown property for the model: each one with the known property it most
// likely meant ("customer" for "customerId"), from the properties of the input object at that
// place, so that the next try can be right without rereading the schema.

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen/toolgen/internal/suggest"
)

// unknown words an additionalProperties failure at ve, whose instance is inst.
func (s *Schema) unknown(ve *jsonschema.ValidationError, names []string, inst any) string {
	known, declared := s.knownAt(ve.SchemaURL, inst)
	if len(names) == 1 {
		n := names[0]
		if m := suggest.Closest(n, known); m != "" {
			return fmt.Sprintf("unknown property %q; did you mean %q?", clip(n, 64), m)
		}
		if declared == 0 && len(ve.InstanceLocation) == 0 {
			return fmt.Sprintf("unknown property %q; this tool takes no arguments, send {}", clip(n, 64))
		}
		return fmt.Sprintf("unknown property %q; remove it", clip(n, 64))
	}
	names = slices.Sorted(slices.Values(names)) // the validator lists them in map order
	hinted := false
	parts := make([]string, 0, len(names))
	for i, n := range names {
		if i == 10 {
			parts = append(parts, fmt.Sprintf("and %d more", len(names)-10))
			break
		}
		part := fmt.Sprintf("%q", clip(n, 64))
		if m := suggest.Closest(n, known); m != "" {
			part += fmt.Sprintf(" (did you mean %q?)", m)
			hinted = true
		}
		parts = append(parts, part)
	}
	if hinted {
		return "unknown properties " + strings.Join(parts, ", ") + "; rename or remove them"
	}
	return "unknown properties " + strings.Join(parts, ", ") + "; remove them"
}

// knownAt lists, sorted, the properties the schema at url (a location in the validator's copy)
// declares that the object inst does not already have (those are what a misspelt name meant),
// and how many it declares.
func (s *Schema) knownAt(url string, inst any) ([]string, int) {
	_, frag, ok := strings.Cut(url, "#")
	if !ok {
		return nil, -1
	}
	node := s.check
	if frag != "" {
		node = resolve(s.check, frag)
	}
	present, _ := inst.(map[string]any)
	declared := mapOf(node["properties"])
	var out []string
	for name := range declared {
		if _, dup := present[name]; !dup {
			out = append(out, name)
		}
	}
	sort.Strings(out) // Closest breaks ties by order: keep the answer the same on every run
	if node == nil {
		return out, -1
	}
	return out, len(declared)
}

// instanceAt is the value at a JSON-pointer path given as reference tokens, or nil.
func instanceAt(v any, tokens []string) any {
	for _, tok := range tokens {
		switch cur := v.(type) {
		case map[string]any:
			v = cur[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur) {
				return nil
			}
			v = cur[i]
		default:
			return nil
		}
	}
	return v
}
