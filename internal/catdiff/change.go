// Package catdiff compares two compiled tool catalogs the way an agent experiences them: every
// difference is a Change with a stable rule id, a level (breaking, dangerous, safe), flags
// (security, cost), a JSON Pointer into the tool and a fingerprint a reviewer can acknowledge.
// It reads catalog.json only, so a pull request's old and new catalogs are all it needs.
package catdiff

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Level is how a change affects an agent; lower values are more severe.
type Level int

// Levels, most severe first: their order is the report's order.
const (
	Breaking Level = iota
	Dangerous
	Safe
)

var levelNames = []string{"breaking", "dangerous", "safe"}

func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads "breaking", "dangerous" or "safe".
func ParseLevel(s string) (Level, error) {
	if i := slices.Index(levelNames, s); i >= 0 {
		return Level(i), nil
	}
	return 0, fmt.Errorf("unknown level %q; want breaking, dangerous or safe", s)
}

// MarshalText writes the level's name in JSON.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// Flags on top of a level.
const (
	FlagSecurity = "security" // exposure or privilege grows
	// FlagCost is the context the model pays: on tool-tokens-changed and role-tokens-changed,
	// definition tokens grown by more than 25 % and more than 100; on a new returned field or a
	// page size gone, answer size (AnswerCost), which no token table counts.
	FlagCost = "cost"
)

// AnswerCost reports whether the change's cost flag is about what each call returns rather
// than what the tool definitions cost: the reports say so beside their table of definition
// tokens per role, which a new returned field leaves at +0.
func (c *Change) AnswerCost() bool {
	return c.Has(FlagCost) && c.ID != "tool-tokens-changed" && c.ID != "role-tokens-changed"
}

// Change is one difference between two catalogs.
type Change struct {
	ID      string   `json:"id"`
	Level   Level    `json:"level"`
	Flags   []string `json:"flags"`
	Tool    string   `json:"tool,omitempty"`
	Role    string   `json:"role,omitempty"`
	Path    string   `json:"path"` // JSON Pointer into the tool (or into catalog.json for roles)
	Message string   `json:"message"`
	Old     any      `json:"old,omitempty"`
	New     any      `json:"new,omitempty"`
	// Fingerprint is a short hash of id, tool, role, path, old and new: it survives unrelated
	// edits and reorderings, so a change acknowledged once stays acknowledged.
	Fingerprint string `json:"fingerprint"`
	// WordDiff marks words removed as [-…-] and added as {+…+}, for description changes.
	WordDiff string `json:"wordDiff,omitempty"`
	// TokenDelta is the change's effect on context tokens, when it has one.
	TokenDelta *TokenDelta `json:"tokenDelta,omitempty"`
	// Reviewed is the note of the -reviewed file line that acknowledges this change's
	// fingerprint ("reviewed" when the line has none); "" when no one has.
	Reviewed string `json:"reviewed,omitempty"`
}

// TokenDelta is a change in context tokens; Estimated is set when the count is not exact.
type TokenDelta struct {
	Old       int  `json:"old"`
	New       int  `json:"new"`
	Delta     int  `json:"delta"`
	Estimated bool `json:"estimated,omitempty"`
}

// Has reports whether the change carries flag.
func (c *Change) Has(flag string) bool { return slices.Contains(c.Flags, flag) }

func (c *Change) flag(flag string) {
	if !c.Has(flag) {
		c.Flags = append(c.Flags, flag)
		slices.Sort(c.Flags)
	}
}

// seal computes the fingerprint and makes Flags non-nil, so JSON shows [] rather than null.
func (c *Change) seal() {
	if c.Flags == nil {
		c.Flags = []string{}
	}
	h := sha256.New()
	for _, s := range []string{c.ID, c.Tool, c.Role, c.Path, canonical(c.Old), canonical(c.New)} {
		fmt.Fprintf(h, "%d:%s\n", len(s), s)
	}
	c.Fingerprint = hex.EncodeToString(h.Sum(nil))[:12]
}

// canonical renders a value as compact JSON (encoding/json sorts map keys), so the fingerprint
// does not depend on how the catalog was indented.
func canonical(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// sortChanges orders by level, tool, role, path, id and message: the report is deterministic.
func sortChanges(cs []Change) {
	slices.SortStableFunc(cs, func(a, b Change) int {
		return cmp.Or(cmp.Compare(a.Level, b.Level), strings.Compare(a.Tool, b.Tool), strings.Compare(a.Role, b.Role),
			strings.Compare(a.Path, b.Path), strings.Compare(a.ID, b.ID), strings.Compare(a.Message, b.Message))
	})
}

// RFC 6901's escapes, built once: a replacer costs more to build than to run, and a diff builds
// a pointer for every field of every selection.
var (
	pointerEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// pointer appends RFC 6901-escaped segments to a JSON Pointer.
func pointer(base string, segs ...string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, s := range segs {
		b.WriteByte('/')
		if strings.ContainsAny(s, "~/") {
			s = pointerEscaper.Replace(s)
		}
		b.WriteString(s)
	}
	return b.String()
}
