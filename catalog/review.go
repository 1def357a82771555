package catalog

// Review holds what only the review page (CATALOG.md) shows about a tool; catalog.json and the
// runtime never see it.
type Review struct {
	// Reason is the leading comment of the tool's override file: why a person wrote it.
	Reason string
	// AnswerLeaves estimates the leaf values in one answer (lists counted at their page size).
	AnswerLeaves int
	// AnswerServerSized names the page-size arguments and input fields (input.limit) that nothing
	// sets: the server's default decides those lists' length, which AnswerLeaves only guesses.
	AnswerServerSized []string
	// AnswerUnbounded names the root fields that return a list no argument bounds: the server
	// decides their length, which AnswerLeaves only guesses.
	AnswerUnbounded []string
	// Findings are the lint results for the tool, excused ones included.
	Findings []Finding
}

// Finding is one lint result as the review page shows it.
type Finding struct {
	Rule       string
	Severity   string // "error" or "warning"
	Message    string
	Suppressed string // the reason allowlist.yaml gives, or ""
}
