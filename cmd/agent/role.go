package main

// This file picks the role a command runs as. A role the catalog does not declare is refused
// (catalog.CheckRole); when -role is not given the choice follows the catalog, because a role
// name is a catalog's own: "concierge" means something only to the Movie Database.

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// embeddedRole is the embedded Movie Database catalog's default role, as its login mutation is
// the default -login-document (the endpoint has no default: -endpoint or AGENT_ENDPOINT).
const embeddedRole = "concierge"

// resolveRole sets e.Settings.Role for cat, whose digest is digest. Given: it must be declared
// (unless cat declares no roles). Not given: concierge for the embedded catalog (or a copy of
// its bytes); the only role of a catalog that declares one; every tool ("") of a catalog that
// declares none; an error listing them otherwise.
func (e *Env) resolveRole(cat *catalog.Catalog, digest string) error {
	s := &e.Settings
	if s.Role != "" {
		return cat.CheckRole(s.Role)
	}
	declared := cat.RoleNames()
	switch {
	case len(declared) == 0:
		return nil // every tool is every role's
	case demoCatalog(digest):
		s.Role = embeddedRole
	case len(declared) == 1:
		s.Role = declared[0]
	default:
		return fmt.Errorf("the catalog declares the roles %s and no -role was given: choose one with -role (or role: in agent.yaml); `%s` lists a role's tools", strings.Join(declared, ", "), catalogCommand(Settings{Catalog: s.Catalog, Role: "ROLE"}))
	}
	return nil
}

// roleLabel names the role in status lines.
func roleLabel(role string) string {
	if role == "" {
		return "every tool (the catalog declares no roles)"
	}
	return "role " + role
}
