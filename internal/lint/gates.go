package lint

// gates.go compares the allow-list's roles with the roles the API itself checks. A root field
// behind @hasRole(role: STAFF) (its access line reads "role STAFF") answers only callers the
// API gives that role; an allow-list role of another name that gets the tool is most likely a
// mistake (a gqlgen shop's customer role got allOrders, and every call came back FORBIDDEN).
// Names are compared without case and a plural s, which is all the two vocabularies share; a
// role that really holds the API's role under another name excuses the finding.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/diag"
)

func (l *linter) gates() {
	for _, t := range l.in.Catalog.Tools {
		needed := rootRoles(t)
		if len(needed) == 0 {
			continue
		}
		for _, r := range l.in.Allowlist.Roles {
			if !t.VisibleTo(r.Name) || slices.ContainsFunc(needed, func(n string) bool { return sameRole(n, r.Name) }) {
				continue
			}
			l.report(Finding{Rule: "role-lacks-gate", Tool: t.Name, Severity: diag.Warning, Pos: l.entryPos(t.Name),
				Message: fmt.Sprintf("role %q gets %s %q, which the API answers only for role %s: its calls would be refused unless the role's users hold it",
					r.Name, t.Kind, t.Name, strings.Join(needed, " or ")),
				Fix: fmt.Sprintf("give the tool only to the roles whose users hold %s (roles: under tools.%s), ", strings.Join(needed, " or "), t.Name) + l.suppressFix(t.Name, "role-lacks-gate")})
		}
	}
}

// rootRoles are the API roles the access line of t's root field names ("role STAFF", "role
// [ADMIN, STAFF]"); none when it has no such line.
func rootRoles(t catalog.Tool) []string {
	v, ok := strings.CutPrefix(t.RootAccess(), "role ")
	if !ok || strings.Contains(v, ":") {
		return nil // no role line, or named arguments the reader must map
	}
	var out []string
	for _, r := range strings.Split(strings.Trim(v, "[]"), ",") {
		if r = strings.TrimSpace(r); r != "" {
			out = append(out, r)
		}
	}
	return out
}

// sameRole compares an API role and an allow-list role without case or a plural s.
func sameRole(api, role string) bool {
	norm := func(s string) string { return strings.TrimSuffix(strings.ToLower(s), "s") }
	return norm(api) == norm(role)
}
