package opbuild

// gated.go recognises fields that answer only callers holding a permission beyond a login: the
// schema says so in a directive (Apollo Federation's @requiresScopes and @policy, the
// @hasRole/@hasScope/@hasPermission family of auth-directive libraries) or in the field's
// description ("Requires MANAGE_PRODUCTS permission", "Requires proper staff permissions to
// access"). A default selection leaves them out as it leaves deprecated fields out: the agent
// acts as a signed-in user, and one such field in a document fails it for every user without the
// permission (a non-null one takes its parent down with it: Nautical's privateMetadata nulls
// the whole product). Whoever's role holds the permission adds the field in an override.

import (
	"regexp"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/platform"
	"github.com/vektah/gqlparser/v2/ast"
)

// gateDirectives name a permission the caller must hold. Login-only gates (@authenticated,
// @isAuthenticated) are not among them: an agent always runs signed in.
var gateDirectives = []string{"requiresScopes", "policy", "hasRole", "hasRoles", "hasScope", "hasScopes",
	"hasPermission", "hasPermissions", "requiresPermission", "requiresPermissions", "requiresRole"}

// requireWords is a description saying a permission, a scope, a role or staff or admin rights
// are required, within one sentence ("(requires MANAGE_PRODUCTS permission)", "Requires
// `read_orders` access scope", "Requires admin rights"); onlyWords, that the field is for staff
// or admins only. "requires two-factor authentication" (GitHub, a setting's meaning) is not one.
// On the scale schemas and eleven others only Nautical's permission notes match.
var (
	requireWords = regexp.MustCompile(`(?i)\brequires?\b[^.\n]{0,60}\b(permissions?|access scopes?|staff|admin(istrator)?s?|privileges?|roles?)\b`)
	onlyWords    = regexp.MustCompile(`(?i)\b(staff|admins?|administrators?) only\b|\bonly (available )?(to|for) (staff|admins?|administrators?)\b`)
)

// gatedText reports whether a description says the field is gated. Plain substring tests come
// first: most descriptions have none of the words, and GitHub's many "only" would otherwise
// each run a regular expression.
func gatedText(d string) bool {
	if strings.Contains(d, "equire") && requireWords.MatchString(d) {
		return true
	}
	return (strings.Contains(d, "taff") || strings.Contains(d, "dmin")) && onlyWords.MatchString(d)
}

// GateDirectives are the names of the directives that gate a field behind a permission, as
// auth-directive libraries and a Federation schema without @link write them; the review page
// lists them as access (compile/access.go).
func GateDirectives() []string { return slices.Clone(gateDirectives) }

// gateNames are the gate directives as schema writes them: gateDirectives, and Federation's
// @requiresScopes and @policy under the names a @link imports them as (@scopes).
func gateNames(schema *ast.Schema) map[string]bool {
	names := map[string]bool{}
	for _, n := range gateDirectives {
		names[n] = true
	}
	for local, spec := range platform.AccessDirectives(schema) {
		if spec == "requiresScopes" || spec == "policy" {
			names[local] = true
		}
	}
	return names
}

// gated reports whether f, or the type it returns, is marked as needing a permission; the
// answer is kept, as the phases ask about the same fields again and again.
func (b *Builder) gated(f *ast.FieldDefinition) bool {
	if g, ok := b.gateCache[f]; ok {
		return g
	}
	n := b.named(f)
	g := b.gateDirective(f.Directives) || n != nil && b.gateDirective(n.Directives) || gatedText(f.Description)
	b.gateCache[f] = g
	return g
}

func (b *Builder) gateDirective(ds ast.DirectiveList) bool {
	for _, d := range ds {
		if b.gates[d.Name] {
			return true
		}
	}
	return false
}

// anyGated reports whether any field of the schema's objects is gated, found once.
func (b *Builder) anyGated() bool {
	if b.someGated == nil {
		found := false
		for _, t := range b.schema.Types {
			if t.Kind == ast.Object && slices.ContainsFunc(t.Fields, b.gated) {
				found = true
				break
			}
		}
		b.someGated = &found
	}
	return *b.someGated
}
