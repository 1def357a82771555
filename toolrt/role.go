package toolrt

// This file checks the configured role against the roles the catalog declares: a misspelt or
// foreign role would otherwise see no tool, or only the tools every role sees, and the process
// would start as if nothing were wrong.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/suggest"
)

// RoleError is returned by New (and CheckRole) for a role the catalog does not declare.
type RoleError struct {
	Role     string
	Declared []string // sorted
}

func (e *RoleError) Error() string {
	msg := fmt.Sprintf("role %q is not declared by this catalog (it declares %s)", e.Role, strings.Join(e.Declared, ", "))
	if s := suggest.Closest(e.Role, e.Declared); s != "" {
		return msg + fmt.Sprintf("; did you mean %q?", s)
	}
	return msg + "; use one of them, or declare the role under roles: in allowlist.yaml and run toolgen again"
}

// CheckRole refuses a role the catalog does not declare. "" (every tool) is always allowed,
// and so is any name when the catalog declares no roles: every tool is then every role's, and
// the name only labels the audit trail and deferred writes.
func CheckRole(cat *catalog.Catalog, role string) error {
	if role == "" || len(cat.Roles) == 0 {
		return nil
	}
	if _, ok := cat.Roles[role]; ok {
		return nil
	}
	return &RoleError{Role: role, Declared: DeclaredRoles(cat)}
}

// DeclaredRoles are the catalog's roles, sorted.
func DeclaredRoles(cat *catalog.Catalog) []string {
	out := make([]string, 0, len(cat.Roles))
	for r := range cat.Roles {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}
