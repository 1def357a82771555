package catdiff

import "sync"

// Rule is one kind of change with its default level and the flags it always carries.
type Rule struct {
	ID    string
	Level Level
	Flags []string
	Doc   string
}

// Rules lists every rule in a fresh slice (callers may not change the defaults). The ids are
// stable: renaming one would break every acknowledged fingerprint and level override.
func Rules() []Rule {
	sec, cost := []string{FlagSecurity}, []string{FlagCost}
	return []Rule{
		{"tool-added", Safe, nil, "a new tool, with the roles that can call it and its inputs (dangerous and security when it is a mutation, reads or asks for something sensitive, or its descriptions steer the model)"},
		{"tool-removed", Breaking, nil, "a tool is gone: every prompt and agent that names it breaks"},
		{"tool-renamed", Breaking, nil, "the same root field under a new tool name"},
		{"tool-became-mutation", Breaking, sec, "a read became a write"},
		{"tool-became-query", Dangerous, nil, "a write became a read"},
		{"role-added", Dangerous, sec, "a role can now call the tool, or a role is newly declared (listing what it can call)"},
		{"role-removed", Breaking, nil, "a role can no longer call the tool, or the role is no longer declared (listing what it could call)"},
		{"approval-relaxed", Dangerous, sec, "calls no longer wait for a person's approval"},
		{"approval-tightened", Dangerous, nil, "calls now wait for a person's approval"},
		{"tool-description-changed", Dangerous, nil, "the tool's description (the model's prompt) changed"},
		{"tool-title-changed", Safe, nil, "the title people see changed (dangerous and security for a write or a tool that waits for approval: the person approving reads it)"},
		{"input-description-changed", Dangerous, nil, "an input's description changed"},
		{"input-required-property-added", Breaking, nil, "a new required input: old calls lack it"},
		{"input-property-removed", Breaking, nil, "an input is gone: the closed schema rejects old calls that pass it"},
		{"input-property-became-required", Breaking, nil, "an optional input became required"},
		{"input-type-changed", Breaking, nil, "an input's type changed"},
		{"input-type-narrowed", Breaking, nil, "an input accepts fewer types"},
		{"input-enum-value-removed", Breaking, nil, "an input no longer accepts an enum value"},
		{"input-constraint-tightened", Breaking, nil, "a bound, length or closedness of an input got stricter"},
		{"input-optional-property-added", Safe, nil, "a new optional input (dangerous when it has a default)"},
		{"input-property-became-optional", Safe, nil, "a required input became optional"},
		{"input-type-generalized", Safe, nil, "an input accepts more types"},
		{"input-enum-value-added", Safe, nil, "an input accepts a new enum value"},
		{"input-constraint-loosened", Safe, nil, "a bound, length or closedness of an input got looser"},
		{"input-default-changed", Dangerous, nil, "an input's default changed: omitted inputs mean something else"},
		{"page-size-unbounded", Dangerous, cost, "the page-size input (first, limit, size, …) or its default is gone: an answer holds as many items as the server returns"},
		{"input-pattern-changed", Dangerous, nil, "an input's pattern changed"},
		{"input-sensitive-property-added", Dangerous, sec, "a new input names a credential or the acting identity"},
		{"selection-field-added", Dangerous, cost, "the tool returns a new field: data no reviewer has seen reaches the model and what it answers, and every answer grows (cost: answer size, not definition tokens)"},
		{"selection-sensitive-field-added", Dangerous, sec, "the tool returns a new field that reads as a secret or personal data"},
		{"selection-field-removed", Dangerous, nil, "the tool no longer returns a field"},
		{"selection-type-changed", Dangerous, nil, "a returned field switched between a value and an object, or a fragment's type changed"},
		{"access-loosened", Dangerous, sec, "the server lets more callers read a place of the operation: a login, scope or policy requirement was dropped or widened"},
		{"access-tightened", Dangerous, nil, "the server answers fewer callers: a place now needs a login, scope or policy that a caller without it is refused (null and an error)"},
		{"access-changed", Dangerous, sec, "a place's requirement was replaced (scope write:x became admin:x): a caller holding only the new one is now answered"},
		{"operation-literal-changed", Dangerous, nil, "a fixed argument or directive in the operation changed, or any part of the operation that no other rule describes"},
		{"tool-tokens-changed", Safe, nil, "the tool's context cost changed (cost above the threshold)"},
		{"role-tokens-changed", Safe, nil, "a role's context cost changed (cost above the threshold)"},
	}
}

// rule returns the rule with id; every id the differ uses is in Rules.
func rule(id string) Rule {
	if r, ok := ruleIndex()[id]; ok {
		return r
	}
	return Rule{ID: id, Level: Dangerous} // unreachable: TestRulesCovered checks every id
}

var ruleIndex = sync.OnceValue(func() map[string]Rule {
	m := map[string]Rule{}
	for _, r := range Rules() {
		m[r.ID] = r
	}
	return m
})

// RuleIDs lists the ids, for validating level overrides.
func RuleIDs() []string {
	var ids []string
	for _, r := range Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}
