package catalog

// This file checks a role against the roles a catalog declares: a misspelt or foreign role
// would otherwise see no tool, or only the tools every role sees, and the process would start
// as if nothing were wrong.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/suggest"
)

// RoleError is a role the catalog does not declare (CheckRole; toolrt.New returns it too).
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

// CheckRole refuses a role the catalog does not declare with a *RoleError. "" (every tool) is
// always allowed, and so is any name when the catalog declares no roles: every tool is then
// every role's, and the name only labels the audit trail and deferred writes.
func (c *Catalog) CheckRole(role string) error {
	if role == "" || len(c.Roles) == 0 {
		return nil
	}
	if _, ok := c.Roles[role]; ok {
		return nil
	}
	return &RoleError{Role: role, Declared: c.RoleNames()}
}

// RoleNames are the catalog's declared roles, sorted.
func (c *Catalog) RoleNames() []string {
	out := make([]string, 0, len(c.Roles))
	for r := range c.Roles {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}
