// Package budget is the one description of a tool's compile-time budgets: how large its default
// selection, its answer and its input schema may be (docs/selection.md). The allow-list decodes
// them, the compiler merges a tool's own over the file's over the defaults, and opbuild and the
// input fit phase read the merged set. It is a package of its own, not part of allowlist, so
// that opbuild (GraphQL only) does not depend on the YAML decoder.
package budget

// Set is one tool's budgets; a zero field means "inherit" until Resolve fills it.
type Set struct {
	PageSize           int // default of a root connection's $first
	MaxSelectionTokens int // o200k tokens of the printed selection, header excluded
	MaxResultLeaves    int // estimated leaf values in one response
	MaxInputTokens     int // o200k tokens of the input schema before the input fit phase cuts
	MaxPageSize        int // a page size's maximum where the schema states none
	// Invalid says that a value given was not a positive whole number (the allow-list reported
	// it): the defaults stand in for it, so nothing is measured against the merged set, or a
	// warning would say "within maxSelectionTokens 400" beside the error about -3.
	Invalid bool
	// Personal says whether the default selection selects personal data (docs/selection.md,
	// "Personal data"). It is no budget, but it is set in the same selection: block and merges
	// the same way: Inherit takes the file's, and a tool's Off overrides the file's On.
	Personal Choice
}

// Choice is a yes-or-no setting that may be left to the enclosing block.
type Choice uint8

const (
	Inherit Choice = iota // not set: the enclosing block's, else no
	On
	Off
)

// Defaults are the compiler-wide budgets, used where neither the tool nor the file sets one.
// A function, not a variable, so no caller can change them for everyone.
func Defaults() Set {
	return Set{PageSize: 10, MaxSelectionTokens: 400, MaxResultLeaves: 250, MaxInputTokens: 1500, MaxPageSize: 100}
}

// Merge returns s with every zero field taken from base.
func (s Set) Merge(base Set) Set {
	if s.PageSize == 0 {
		s.PageSize = base.PageSize
	}
	if s.MaxSelectionTokens == 0 {
		s.MaxSelectionTokens = base.MaxSelectionTokens
	}
	if s.MaxResultLeaves == 0 {
		s.MaxResultLeaves = base.MaxResultLeaves
	}
	if s.MaxInputTokens == 0 {
		s.MaxInputTokens = base.MaxInputTokens
	}
	if s.MaxPageSize == 0 {
		s.MaxPageSize = base.MaxPageSize
	}
	if s.Personal == Inherit {
		s.Personal = base.Personal
	}
	s.Invalid = s.Invalid || base.Invalid
	return s
}

// Resolve returns s with every zero field taken from Defaults.
func (s Set) Resolve() Set { return s.Merge(Defaults()) }
