package starter

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/plural"
)

// guess is a custom scalar that tool inputs use and that toolgen sends as a string only because
// no rule knows its name (jsonschema.Guessed): Aave's ChainId is a number, and only a person
// can say so.
type guess struct {
	name      string
	described bool
	tools     int    // root fields whose arguments reach it
	mapping   string // the schema toolgen uses, as a scalars: line writes it
	why       string // why a named rule is still a guess (Time), or ""
}

// guessedScalars lists the guessed scalars the root fields' arguments reach, by name.
func guessedScalars(s *ast.Schema, fields []*field) []guess {
	count := map[string]int{}
	for _, f := range fields {
		seen := map[string]bool{}
		for _, a := range f.def.Arguments {
			reach(s, a.Type.Name(), seen)
		}
		for name := range seen {
			if jsonschema.Guessed(s.Types[name]) || jsonschema.AmbiguousTime(s.Types[name]) {
				count[name]++
			}
		}
	}
	var out []guess
	for name, n := range count {
		def := s.Types[name]
		g := guess{name: name, described: strings.TrimSpace(def.Description) != "", tools: n, mapping: "{type: string}"}
		if jsonschema.AmbiguousTime(def) {
			g.mapping, g.why = timeGuess(s, def)
		}
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b guess) int { return strings.Compare(a.name, b.name) })
	return out
}

// timeGuess is the scalars: line and the reason of a scalar named Time, which a rule maps by a
// guess at the server (jsonschema.AmbiguousTime).
func timeGuess(s *ast.Schema, def *ast.Definition) (mapping, why string) {
	format := "time"
	for _, m := range jsonschema.DefaultScalar(s, def) {
		if m.Key == "format" {
			format, _ = m.Value.(string)
		}
	}
	why = "sent as a time of day (10:15:30Z), graphql-scalars' Time; gqlgen's is a date-time"
	if jsonschema.Gqlgen(s) {
		why = "sent as a date-time, gqlgen's Time (the schema declares @goModel or @goField); check gqlgen.yml's models"
	}
	return "{type: string, format: " + format + "}", why
}

// reach marks the named type and, for an input object, every type its fields reach.
func reach(s *ast.Schema, name string, seen map[string]bool) {
	if seen[name] {
		return
	}
	seen[name] = true
	if def := s.Types[name]; def != nil && def.Kind == ast.InputObject {
		for _, f := range def.Fields {
			reach(s, f.Type.Name(), seen)
		}
	}
}

// renderScalars prints the guessed scalars as a commented scalars: section with the schema
// toolgen uses for each, so that uncommenting it changes nothing until a person edits a line.
func renderScalars(b *bytes.Buffer, scalars []guess) {
	if len(scalars) == 0 {
		return
	}
	b.WriteString("# Custom scalars toolgen knows no rule for: tool inputs send them as strings (Time: as its\n")
	b.WriteString("# line says). Map the ones that are not (a numeric id, an object) by uncommenting scalars: and\n")
	b.WriteString("# their lines; a mapping replaces the scalar's description in the input schema. Reference:\n")
	b.WriteString("# docs/selection.md, Scalars.\n")
	b.WriteString("# scalars:\n")
	width := 0
	for _, g := range scalars {
		width = max(width, len(key(g.name))+len(": ")+len(g.mapping))
	}
	for _, g := range scalars {
		note := "no description in the schema"
		if g.described {
			note = "the schema describes it"
		}
		if g.why != "" {
			note = g.why
		}
		fmt.Fprintf(b, "#   %-*s  # %s; %s\n", width, key(g.name)+": "+g.mapping, plural.Count(g.tools, "tool"), note)
	}
}
