package lint_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/lint"
)

// gitHubErrors are the lint errors GitHub's schema has with every root field allow-listed, each
// one defended in a comment. docs/review.md quotes them.
var gitHubErrors = []string{
	// Personal access tokens of the migration source: the model would hold a PAT.
	`credential-input: tool "createMigrationSource" asks the model for input.accessToken`,
	`credential-input: tool "createMigrationSource" asks the model for input.githubPat`,
	`credential-input: tool "startOrganizationMigration" asks the model for input.sourceAccessToken`,
	`credential-input: tool "startRepositoryMigration" asks the model for input.accessToken`,
	`credential-input: tool "startRepositoryMigration" asks the model for input.githubPat`,
	// "The invitation token sent with the invitation email": whoever holds it joins the enterprise.
	`credential-input: tool "enterprise" asks the model for invitationToken`,
	`credential-input: tool "enterpriseAdministratorInvitationByToken" asks the model for invitationToken`,
	`credential-input: tool "enterpriseMemberInvitationByToken" asks the model for invitationToken`,
	// Identical descriptions: the model cannot tell the classic and V2 project tools apart, nor
	// one code of conduct from the list of all (GitHub's documentation repeats itself).
	`near-duplicate-description: "createProject" and "createProjectV2" have the same description`,
	`near-duplicate-description: "updateProject" and "updateProjectV2" have the same description`,
	`near-duplicate-description: "codeOfConduct" and "codesOfConduct" have the same description`,
}

// gitHubCounts are the findings per rule on GitHub, as docs/review.md quotes them ("The lints"): a
// change that moves one changes both.
var gitHubCounts = map[string]int{
	"credential-input error": 8, "credential-only warning": 1, "deprecated-usage warning": 20,
	"description-too-short warning": 238,
	// Was 54, all targets (ownerId of a new repository, followUser's userId, a branch rule's
	// actor lists): identity-input now flags only names that say who is acting, here the
	// authorEmail a merge commit is authored as (mergeBranch, mergePullRequest, auto-merge).
	"identity-input warning":           3,
	"near-duplicate-description error": 3, "near-duplicate-description warning": 30,
	"role-token-budget warning": 1, "role-tool-count warning": 1,
}

// TestGitHubFindings compiles GitHub's 278 root fields with the lints at their own levels and
// counts the findings per rule against gitHubCounts. Every error must be one of the defended
// ones above; a new error is either a true finding to add there or a false one to fix.
func TestGitHubFindings(t *testing.T) {
	schema, allow, n := githubschema.AllRoots(t)
	_, ds := compile.Compile(compile.Inputs{SchemaPath: "github.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow})
	counts := map[string]int{}
	var errs []string
	for _, d := range ds {
		rule, _, _ := strings.Cut(d.Message, ": ")
		if !slices.Contains(lint.IDs(), rule) {
			continue // the compiler's own warnings (input budgets), not a lint's
		}
		sev := "warning"
		if d.Severity == diag.Error {
			sev = "error"
			errs = append(errs, d.Message)
		}
		counts[rule+" "+sev]++
	}
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		lines = append(lines, fmt.Sprintf("%s: %d", k, counts[k]))
	}
	total := 0
	for _, c := range counts {
		total += c
	}
	t.Logf("%d tools, %d lint findings:\n%s", n, total, strings.Join(lines, "\n"))
	if diff := cmp.Diff(gitHubCounts, counts); diff != "" {
		t.Errorf("findings per rule differ from docs/review.md's (-want +got); update both:\n%s", diff)
	}
	for _, e := range errs {
		if !slices.ContainsFunc(gitHubErrors, func(want string) bool { return strings.HasPrefix(e, want) }) {
			t.Errorf("undefended lint error on GitHub: %s", e)
		}
	}
	for _, want := range gitHubErrors {
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.HasPrefix(e, want) }) {
			t.Errorf("defended error no longer reported (remove it from the list): %s", want)
		}
	}
}
