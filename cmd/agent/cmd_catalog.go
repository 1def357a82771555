package main

// catalog prints the role's tools, one line each, then the full JSON of any tool asked for.

import (
	"context"
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

func init() {
	register(command{
		name: "catalog", order: 10,
		summary: "print the tool catalog, optionally for one role",
		prompt:  "role (blank for every tool)",
		run:     runCatalog,
		usage:   "[ROLE]",
		args:    "ROLE  list only the tools this role sees (default: every tool)",
		groups:  []string{"catalog"},
	})
}

func runCatalog(ctx context.Context, e *Env, args []string) error {
	if len(args) > 1 {
		fmt.Fprintln(e.Err, "usage: agent catalog [role]")
		return errUsage
	}
	cat, err := e.Catalog()
	if err != nil {
		return err
	}
	role := ""
	if len(args) == 1 {
		role = args[0]
		if err := cat.CheckRole(role); err != nil {
			return err
		}
	}
	tools := cat.ForRole(role)
	total := 0
	for _, t := range tools {
		fmt.Fprintf(e.Out, "  %-18s %5d tokens  %-8s roles: %s\n", t.Name, t.Tokens, t.Kind, rolesOf(t))
		total += t.Tokens
	}
	fmt.Fprintf(e.Out, "%d tools, %d tokens\n", len(tools), total)
	return showTools(ctx, e, cat.Catalog)
}

func rolesOf(t catalog.Tool) string {
	if len(t.Roles) == 0 {
		return "(every role)"
	}
	return strings.Join(t.Roles, ", ")
}

// showTools prints the full JSON of each tool named, until a blank line or end of input.
func showTools(ctx context.Context, e *Env, cat *catalog.Catalog) error {
	for {
		fmt.Fprint(e.Out, "tool name for its full JSON (blank to finish): ")
		name, err := e.Lines.ReadLine(ctx)
		if name = strings.TrimSpace(name); err != nil || name == "" {
			fmt.Fprintln(e.Out)
			return nil
		}
		t := cat.Tool(name)
		if t == nil {
			fmt.Fprintf(e.Out, "no tool %q\n", name)
			continue
		}
		data, err := catalog.MarshalJSON(t)
		if err != nil {
			return err
		}
		fmt.Fprint(e.Out, string(data))
	}
}
