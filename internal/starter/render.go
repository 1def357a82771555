package starter

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// render prints the allow-list: a header saying what to do with it, the tools that compile as
// they stand, then everything that needs a person's decision, commented out with the reason.
func render(schemaName string, fields []*field, scalars []guess, login string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Starter allow-list for %s, printed by toolgen init. Every tool listed here is an\n", schemaName)
	b.WriteString("# operation an agent may run: comment out what your agents do not need, then add roles.\n")
	b.WriteString("# (Commented out rather than deleted, a field is not printed again by toolgen init -new,\n")
	b.WriteString("# which lists only the root fields this file does not mention: new ones, after the API grows.)\n")
	b.WriteString("# Token counts are what each tool's definition costs in the model's context (o200k_base).\n")
	b.WriteString("# Reference: docs/allowlist.md in toolgen's repository.\n")
	b.WriteString("version: 1\n")
	active, queries, mutations := split(fields)
	renderRoles(&b, active, fields)
	renderScalars(&b, scalars)
	var lb strings.Builder
	renderLogin(&lb, login)
	b.WriteString(lb.String())
	if len(active) == 0 {
		// Not tools: {}: an entry uncommented below a flow mapping is a YAML error, and tools:
		// with only comments under it is an empty tool set (the allow-list warns about it).
		b.WriteString("tools:  # nothing compiles as it stands: uncomment the entries below that agents need\n")
	} else {
		b.WriteString("tools:\n")
	}
	sections(&b, active, queries, mutations)
	return b.Bytes()
}

// split sorts fields into those usable as they stand (the ones within the budget, best ranked
// first, then the ones over it), queries that need a decision, and writes.
func split(fields []*field) (active, queries, mutations []*field) {
	var over []*field
	for _, f := range ranked(fields) {
		switch {
		case f.isActive():
			active = append(active, f)
		case f.usable():
			over = append(over, f)
		}
	}
	active = append(active, over...)
	for _, f := range fields {
		switch {
		case f.mutation:
			mutations = append(mutations, f)
		case !f.usable():
			queries = append(queries, f)
		}
	}
	return active, queries, mutations
}

// sections prints the entries under tools:, the ones that need a decision commented out.
func sections(b *bytes.Buffer, active, queries, mutations []*field) {
	i := slices.IndexFunc(active, func(f *field) bool { return !f.isActive() })
	if i < 0 {
		entries(b, active)
	} else {
		entries(b, active[:i])
		fmt.Fprintf(b, "\n  # Queries that work as they stand but would take the tools past the -budget of %d tokens,\n", active[i].overBudget)
		b.WriteString("  # best ranked first: uncomment what agents need (toolgen init -budget N prints more).\n")
		entries(b, active[i:])
	}
	if len(queries) > 0 {
		b.WriteString("\n  # Queries that need a decision before an agent can use them:\n")
		entries(b, queries)
	}
	if len(mutations) > 0 {
		b.WriteString("\n  # Mutations: writes. Each call waits for a person's approval (approval: required,\n")
		b.WriteString("  # the default for mutations); uncomment only the writes agents should propose.\n")
		entries(b, mutations)
	}
}

// renderRoles prints an example role, commented out. A role without tools listed sees every
// tool, so its maxTokens leaves room above what the printed tools cost: uncommented, it
// compiles.
func renderRoles(b *bytes.Buffer, active []*field, all []*field) {
	total := 0
	for _, f := range active {
		if f.isActive() { // not the ones printed commented out, over the -budget
			total += f.tokens
		}
	}
	b.WriteString("# roles:\n")
	renderGateRoles(b, all)
	b.WriteString("#   analyst:\n#     description: Reads only.\n")
	if total == 0 {
		b.WriteString("#     maxTokens: 4000\n")
		return
	}
	fmt.Fprintf(b, "#     maxTokens: %d  # the tools enabled below cost %d tokens\n", (total*5/4/1000+1)*1000, total)
}

// renderGateRoles prints, commented out, a role for each role the API itself checks on root
// fields (@hasRole(role: STAFF): "role STAFF"), naming the tools that need it: the agent roles
// whose tools those are (role-lacks-gate warns when another role gets one).
func renderGateRoles(b *bytes.Buffer, fields []*field) {
	var order []string
	tools := map[string][]string{}
	for _, f := range fields {
		v, ok := strings.CutPrefix(f.needs, "role ")
		if !ok || strings.ContainsAny(v, ":[],") {
			continue // one role by name only; a list or named arguments is the reader's to map
		}
		if _, seen := tools[v]; !seen {
			order = append(order, v)
		}
		tools[v] = append(tools[v], f.name)
	}
	for _, r := range order {
		fmt.Fprintf(b, "#   %s:\n#     description: Callers the API gives role %s.  # %s need it: give them roles: [%s]\n",
			strings.ToLower(r), r, strings.Join(tools[r], ", "), strings.ToLower(r))
	}
}

// entries prints one entry per field, aligned comments, commented out unless it is usable as is.
func entries(b *bytes.Buffer, fields []*field) {
	width := 0
	for _, f := range fields {
		width = max(width, len(head(f)))
	}
	for _, f := range fields {
		notes := []string{cost(f)}
		switch {
		case f.clash == f.name:
			notes = append(notes, "cannot be a tool: the query field of the same name is the one an entry named "+f.name+" runs")
		case f.clash != "":
			notes = append(notes, fmt.Sprintf("cannot compile beside %q: the names differ only in case, so their generated files would be one file on case-insensitive file systems (macOS, Windows); allow-list only one of them", f.clash))
		case f.problem != "":
			notes = append(notes, "cannot compile as a default tool: "+f.problem+" (write tool-selections/"+f.name+".graphql)")
		case f.lint != "":
			notes = append(notes, "refused by a lint: "+f.lint)
		case f.deprecated != "":
			notes = append(notes, f.deprecated)
		case f.useless != "":
			notes = append(notes, "of no use as it stands: "+f.useless)
		case f.plumbing != "":
			notes = append(notes, f.plumbing)
		}
		if f.overBudget != 0 {
			notes = append(notes, fmt.Sprintf("over the -budget of %d tokens", f.overBudget))
		}
		if f.mutation && f.problem == "" {
			notes = append(notes, "a write: needs approval")
		}
		if f.needs != "" {
			notes = append(notes, "the server answers only callers with "+f.needs+": give it to the roles that have it")
		}
		switch {
		case f.written != "":
			notes = append(notes, "no description in the schema: toolgen init wrote the one below from it; improve it")
		case !f.described && !f.routerOnly:
			notes = append(notes, "no description in the schema: write one below")
		}
		prefix := "  "
		if !f.isActive() {
			prefix = "  # "
		}
		fmt.Fprintf(b, "%s%-*s  # %s\n", prefix, width, head(f), strings.Join(notes, "; "))
		switch {
		case f.written != "" && f.isActive():
			fmt.Fprintf(b, "    description: %s\n", strconv.Quote(f.written))
		case f.written != "":
			fmt.Fprintf(b, "  #   description: %s\n", strconv.Quote(f.written))
		case !f.described && !f.routerOnly:
			fmt.Fprintf(b, "  #   description: \"\"  # what it returns and when to use it\n")
		}
	}
}

func head(f *field) string {
	if f.described || f.routerOnly {
		return key(f.name) + ": {}"
	}
	return key(f.name) + ":"
}

func cost(f *field) string {
	switch {
	case f.routerOnly:
		return "never a tool (the allow-list refuses it)" // so never compiled, and no cost
	case f.problem != "":
		return "cost unknown"
	case !f.described && f.written == "":
		return fmt.Sprintf("about %d tokens plus the description", f.tokens)
	}
	return fmt.Sprintf("%d tokens", f.tokens)
}
