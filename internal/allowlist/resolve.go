package allowlist

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/suggest"
)

// Roots are what Resolve checks tools against: the schema's root fields and its root types'
// names, which messages use (HotChocolate names them Queries and Mutations).
type Roots struct {
	Fields        []string // the field names a tool may name: query fields, then mutation fields
	Subscriptions []string // the subscription fields, which a tool cannot be but someone may try
	Types         string   // the query and mutation types as a message says them: "Query or Mutation"
	Subscription  string   // the subscription type's name
	// Hidden are the root fields the schema marks @inaccessible (the gateway hides them from
	// clients), each with where it is declared: named so that the allow-list can say why.
	Hidden map[string]string
	// Plumbing are the query fields a federation subgraph serves only to the router
	// (_entities, _service), each with what it is: never a tool, since an agent calling one
	// reaches the subgraph past the gateway.
	Plumbing map[string]string
}

// Resolve checks the allow-list against the schema's root fields: every tool must name a query
// or mutation field, exactly once, and every role it names must be declared.
func (f *File) Resolve(r Roots) diag.List {
	var ds diag.List
	known := map[string]bool{}
	for _, n := range r.Fields {
		known[n] = true
	}
	seen := map[string]Pos{}
	folded := map[string]Entry{}
	for _, e := range f.Tools {
		if first, dup := seen[e.Name]; dup {
			ds.Add(f.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("tool %q is listed twice (first at %d:%d)", e.Name, first.Line, first.Col), "remove one of the entries")
			continue
		}
		seen[e.Name] = e.Pos
		// Each tool owns files named after it; on macOS and Windows two names differing only in
		// case would be one file.
		if other, clash := folded[strings.ToLower(e.Name)]; clash {
			ds.Add(f.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("tools %q and %q differ only in case (%q at %d:%d), so their generated files would collide on case-insensitive file systems", other.Name, e.Name, other.Name, other.Pos.Line, other.Pos.Col),
				"allow-list only one of them")
		}
		folded[strings.ToLower(e.Name)] = e
		if meta := reservedAs(e.Name); meta != "" {
			ds.Add(f.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("tool %q would be named like the meta-tool %s (search_tools, describe_tool and call_tool find, describe and run the catalog's tools under -tools search): the model, a host's approval dialog and the audit would read one for the other", e.Name, meta),
				"remove the entry; a root field of that name cannot be a tool")
			continue
		}
		switch {
		case r.Plumbing[e.Name] != "":
			ds.Add(f.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("%q is %s: a tool calling it would ask the subgraph directly, skipping the gateway and its @inaccessible and access checks (@authenticated, @requiresScopes, @policy)", e.Name, r.Plumbing[e.Name]),
				"remove the entry (toolgen init comments it out); give toolgen the supergraph SDL and allow-list the root fields through which the gateway's clients reach the same data")
		case known[e.Name]:
		case r.Hidden[e.Name] != "":
			ds.Add(f.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("%q is @inaccessible in the schema (%s): the gateway hides it from clients, so no tool may call it", e.Name, r.Hidden[e.Name]),
				"remove the entry; only fields the API's clients can see become tools")
		case slices.Contains(r.Subscriptions, e.Name):
			ds.Add(f.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("%q is a %s field, and subscriptions are not supported: a tool call is one request and one answer, a subscription a stream of events", e.Name, r.Subscription),
				"remove the entry, or allow-list a query field that returns the same data")
		default:
			ds.Add(f.Name, e.Pos.Line, e.Pos.Col, fmt.Sprintf("%q is not a field of %s", e.Name, r.Types), nameFix(e.Name, r))
		}
		ds = append(ds, f.checkRoles(e)...)
	}
	return ds
}

func (f *File) checkRoles(e Entry) diag.List {
	var ds diag.List
	declared := make([]string, len(f.Roles))
	for i, r := range f.Roles {
		declared[i] = r.Name
	}
	for i, r := range e.Roles {
		if f.Role(r) != nil {
			continue
		}
		fix := fmt.Sprintf("declare it under roles: (declared: %s)", strings.Join(declared, ", "))
		if len(declared) == 0 {
			fix = fmt.Sprintf("declare it under roles:, e.g. roles: { %s: {} }", r)
		} else if s := Suggest(r, declared); s != "" {
			fix = fmt.Sprintf("did you mean %q? If not, declare it under roles:", s)
		}
		ds.Add(f.Name, e.RolePos[i].Line, e.RolePos[i].Col, fmt.Sprintf("tool %q names role %q, which is not declared", e.Name, r), fix)
	}
	return ds
}

// Reserved are the meta-tools' names (package metatools), which no catalog tool may take.
var Reserved = []string{"search_tools", "describe_tool", "call_tool"}

// reservedAs is the meta-tool name that name reads as, in any case and with - for _, or "".
func reservedAs(name string) string {
	folded := strings.ReplaceAll(strings.ToLower(name), "-", "_")
	for _, r := range Reserved {
		if folded == r {
			return r
		}
	}
	return ""
}

func nameFix(name string, r Roots) string {
	if s := Suggest(name, r.Fields); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return fmt.Sprintf("use the name of a field of type %s in the schema", r.Types)
}

// Suggest returns the candidate closest to s when it is close enough to be a likely typo
// (suggest.Closest, which the runtime shares).
func Suggest(s string, candidates []string) string { return suggest.Closest(s, candidates) }
