package diag

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// FromGraphQL converts a gqlparser error in file, whose text is src ("" when unknown), into a
// diagnostic, the one way the schema and the overrides report GraphQL: the message lower-cased
// without its final period; the fix is gqlparser's "Did you mean", else what fixes this
// validation rule or parse error, else fallback. A character the lexer cannot read is named.
func FromGraphQL(file, src string, e *gqlerror.Error, fallback string) Diagnostic {
	d := Diagnostic{File: file, Message: strings.TrimSuffix(e.Message, "."), Fix: fallback}
	if len(e.Locations) > 0 {
		d.Line, d.Col = e.Locations[0].Line, e.Locations[0].Column
	}
	if m, s, ok := strings.Cut(d.Message, ". Did you mean "); ok {
		d.Message, d.Fix = m, "did you mean "+s
	} else if fix := graphQLFix(e.Rule, d.Message); fix != "" {
		d.Fix = fix
	}
	if d.Message == "Unexpected <Invalid>" {
		d.Message, d.Fix = invalidChar(src, d.Line, d.Col, d.Fix)
	}
	if strings.HasSuffix(d.Message, "found String") && jsonObject(src) {
		d.Fix = "this looks like JSON (a request body, or an answer), not GraphQL: write the operation itself, e.g. query Tool_name($id: ID!) { field(id: $id) { id } }"
	}
	if strings.HasSuffix(d.Message, "found <EOF>") {
		d.Fix = "the text ends too early: close every { with } and every ( with )"
	}
	d.Message = lowerFirst(d.Message)
	return d
}

// jsonObject reports whether src starts as a JSON object does, { then a quoted key: GraphQL's
// own { (a query's shorthand) is followed by a name, never a string.
func jsonObject(src string) bool {
	rest, ok := strings.CutPrefix(strings.TrimSpace(src), "{")
	return ok && strings.HasPrefix(strings.TrimSpace(rest), `"`)
}

// invalidChar names the character at line:col that no GraphQL token starts with.
func invalidChar(src string, line, col int, fix string) (msg, newFix string) {
	r, ok := runeAt(src, line, col)
	switch {
	case !ok:
		return "unexpected character", fix
	case r == '\'':
		return "unexpected character ' (a single quote)", "GraphQL strings take double quotes: write \"text\""
	case r == '<':
		return "unexpected character <", "this looks like HTML or XML, not GraphQL: check that the file holds what you meant (a saved web page or a login page is not a schema)"
	case r == ';':
		return "unexpected character ;", "GraphQL needs no ; between fields: remove it"
	}
	return fmt.Sprintf("unexpected character %q (U+%04X)", r, r), "remove it; " + fix
}

func runeAt(src string, line, col int) (rune, bool) {
	if line < 1 || col < 1 {
		return 0, false
	}
	for range line - 1 {
		i := strings.IndexByte(src, '\n')
		if i < 0 {
			return 0, false
		}
		src = src[i+1:]
	}
	for range col - 1 {
		_, n := utf8.DecodeRuneInString(src)
		if n == 0 {
			return 0, false
		}
		src = src[n:]
	}
	r, n := utf8.DecodeRuneInString(src)
	return r, n > 0
}

// ruleFixes say how to fix what each of gqlparser's validation rules reports; a message the
// rule words in more than one way is matched by a prefix after the rule's name.
var ruleFixes = map[string]string{
	"NoUnusedVariables":            "remove it from the operation's variables, or pass it to the argument it was meant for",
	"NoUndefinedVariables":         "declare it with its type among the operation's variables, e.g. query Tool_x($name: String), or write the value in place",
	"ProvidedRequiredArguments":    "pass the argument, as a variable ($name) or a value",
	"KnownDirectives":              "remove the directive; an operation may use @include(if: ...), @skip(if: ...) and the schema's own directives",
	"NoUnusedFragments":            "remove the fragment, or spread it with ...Name where its fields are meant",
	"KnownFragmentNames":           "define the fragment in this file (fragment Name on Type { ... }), or correct the spread's name",
	"NoFragmentCycles":             "a fragment cannot include itself: select the fields instead of spreading it again",
	"UniqueFragmentNames":          "rename or remove one of the two fragments",
	"UniqueVariableNames":          "declare each variable once",
	"UniqueArgumentNames":          "pass each argument once",
	"UniqueInputFieldNames":        "write each input field once",
	"UniqueDirectivesPerLocation":  "use each directive once here",
	"PossibleFragmentSpreads":      "spread a fragment only where its type can occur: change the fragment's on type, or use an inline fragment (... on Type { ... }) of a type that can",
	"KnownRootType":                "a tool is a query or a mutation: write query or mutation before the operation's name",
	"KnownTypeNames":               "use a type the schema defines",
	"FragmentsOnCompositeTypes":    "a fragment selects fields of an object, interface or union type; select a scalar or enum field by its name instead",
	"VariablesAreInputTypes":       "declare the variable with an input type: a scalar, an enum or an input object",
	"ValuesOfCorrectType":          "write a value of the type the argument takes, or pass a variable of that type",
	"OverlappingFieldsCanBeMerged": "give one of the two fields an alias (other: field) so that each answer key is one field",
	"KnownArgumentNames":           "remove the argument, or use one the field declares",
	"FieldsOnCorrectType":          "select a field the type declares (the schema lists them)",
	"ScalarLeafs:must not have":    "remove the { ... } after it: a scalar or enum is selected by its name alone",
	"ScalarLeafs:must have":        "select its fields: name { id ... }",
}

var (
	wrongVarType = regexp.MustCompile(`^Variable "\$(\w+)" of type "[^"]+" used in position expecting type "([^"]+)"$`)
	missingArg   = regexp.MustCompile(`^Field "(\w+)" argument "(\w+)" of type "[^"]+" is required, but it was not provided$`)
	onSubscr     = regexp.MustCompile(`^Cannot query field "\w+" on type "Subscription"$`)
)

func graphQLFix(rule, msg string) string {
	switch {
	case rule == "VariablesInAllowedPosition":
		if m := wrongVarType.FindStringSubmatch(msg); m != nil {
			return fmt.Sprintf("declare $%s as %s, the type this argument takes", m[1], m[2])
		}
	case rule == "ProvidedRequiredArguments":
		if m := missingArg.FindStringSubmatch(msg); m != nil {
			return fmt.Sprintf("pass it: %s(%s: $%s ...), declaring $%[2]s among the operation's variables", m[1], m[2], m[2])
		}
	case onSubscr.MatchString(msg):
		return "a tool is a query or a mutation, never a subscription: write query or mutation before the operation's name"
	case rule == "ScalarLeafs":
		if strings.Contains(msg, "must not have") {
			return ruleFixes["ScalarLeafs:must not have"]
		}
		return ruleFixes["ScalarLeafs:must have"]
	}
	return ruleFixes[rule]
}

// lowerFirst lower-cases a message's first letter, as every diagnostic's, unless it starts an
// acronym or a name (GraphQL, ID).
func lowerFirst(s string) string {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' || ('A' <= s[1] && s[1] <= 'Z') {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
