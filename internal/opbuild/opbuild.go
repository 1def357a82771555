// Package opbuild writes the default operation document of a root field: every argument
// forwarded as a variable of exactly its GraphQL type, and a default selection of the result
// chosen by the rule of docs/selection.md in three phases: shape (what the field returns decides what
// to select), fit (summarize, then trim, until the selection is within its token and response
// budgets) and merge safety (aliases where member fragments clash). The files are named after
// the phases; tree.go holds the selection tree they share and print.go prints it.
package opbuild

import (
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/budget"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2/ast"
)

// OperationName is the name every tool's operation carries, generated or written by hand.
func OperationName(tool string) string { return "Tool_" + tool }

// Options are what one tool's document is built with: its budgets (zero fields take
// budget.Defaults; MaxInputTokens is not read here) and the root arguments it leaves out.
type Options struct {
	budget.Set
	// Omit names root arguments the tool leaves out (optional file uploads, which an agent
	// cannot send).
	Omit map[string]bool
}

// Result is a default document and what the reviewer must see about it.
type Result struct {
	Text string
	// Notes say whether the selection was summarized or trimmed, or is over budget (CATALOG.md).
	Notes []string
	// Warning says by how much the selection is still over budget after fitting, if it is;
	// Raise then names the budgets that are exceeded.
	Warning, Raise string
	// SelectionTokens is S, the o200k tokens of the selection, or -1 when it was not counted
	// because the selection is short enough to be under maxSelectionTokens without counting.
	SelectionTokens int
}

// Builder builds the default documents of one schema. It caches per-type answers, so build
// every tool of a schema with the same Builder; it is not safe for concurrent use.
type Builder struct {
	schema       *ast.Schema
	wrappers     map[string]bool
	leafCache    map[string][]*ast.FieldDefinition
	summaryCache map[string][]*ast.FieldDefinition
	namerCache   map[string][]*ast.FieldDefinition // namer.go's candidates per type
	connCache    map[string]*conn
	pageCache    map[string]*ast.FieldDefinition
	valueCache   map[string]bool
	reachCount   map[string]int  // relevance.go's reach, counted on first use
	gates        map[string]bool // gated.go's directive names, as this schema writes them
	gateCache    map[*ast.FieldDefinition]bool
	someGated    *bool                         // anyGated's answer, once known
	personalSet  map[*ast.FieldDefinition]bool // leftout.go's personal fields, found on first use
	personal     bool                          // selects personal data (selection: {personal: true}); leftout.go
	twin         *Builder                      // the Builder with the other personal setting (twinned)
	single       map[string]bool               // sibling.go's singleton types, found on first use
	passed       map[string]bool               // what the root field being built is called with (namer.go's rowKey)
	words        wordCounts
	count        func(string) (int, error) // tokencount.Count, or a cache in front of it
}

// New prepares a Builder for schema.
func New(schema *ast.Schema) *Builder {
	return &Builder{
		schema: schema, wrappers: wrappers(schema),
		leafCache: map[string][]*ast.FieldDefinition{}, summaryCache: map[string][]*ast.FieldDefinition{},
		namerCache: map[string][]*ast.FieldDefinition{},
		connCache:  map[string]*conn{}, pageCache: map[string]*ast.FieldDefinition{}, valueCache: map[string]bool{},
		words: wordCounts{}, count: tokencount.Count, gates: gateNames(schema), gateCache: map[*ast.FieldDefinition]bool{},
	}
}

// NewCounting is New with the token counts taken from count (a persistent cache), which must
// give tokencount.Count's answers.
func NewCounting(schema *ast.Schema, count func(string) (int, error)) *Builder {
	b := New(schema)
	b.count = count
	return b
}

// Build returns the default document for root field f of the given kind ("query" or "mutation").
// It fails with a message (no position: the caller knows where the tool was declared) when the
// rule finds nothing to select.
func (b *Builder) Build(kind string, f *ast.FieldDefinition, o Options) (Result, error) {
	r, _, err := b.build(kind, f, o)
	return r, err
}

// build is Build, also returning the fitted tree for the tests of the fit phase's invariants.
func (b *Builder) build(kind string, f *ast.FieldDefinition, o Options) (Result, *fitter, error) {
	o.Set = o.Set.Resolve()
	if personal := o.Personal == budget.On; personal != b.personal {
		return b.twinned().build(kind, f, o)
	}
	s, err := b.shape(kind, f, o)
	if err != nil {
		return Result{}, nil, err
	}
	var paged *ast.ArgumentDefinition
	if s.connection || s.page || isList(f.Type) {
		paged = pageSizeArg(f, o.PageSize)
	}
	ft := &fitter{head: header(kind, f, s.connection, paged, o), tail: " }", root: s.root, o: o, words: b.words, count: b.count}
	var r Result
	if s.hopFrom != nil {
		if err := b.addHops(ft, s.hopFrom); err != nil {
			return Result{}, nil, err
		}
	}
	b.fixNamers(s.root.kids, []string{b.named(f).Name})
	if len(s.root.kids) > 0 {
		if err := b.fit(ft, &r); err != nil {
			return Result{}, nil, err
		}
	}
	r.Text, r.SelectionTokens = ft.head+printSet(s.root.kids)+ft.tail, ft.tokens
	if note := raisedDefault(paged, o.PageSize); note != "" {
		r.Notes = append([]string{note}, r.Notes...)
	}
	if s.note != "" {
		r.Notes = append(r.Notes, s.note)
	}
	if note := b.leftNote(b.named(f), s.root.kids); note != "" {
		r.Notes = append(r.Notes, note)
	}
	return r, ft, nil
}

// header is the document up to the root field's selection: the operation with its variables
// and the root field with its arguments, each forwarded as a variable of exactly its type; paged,
// the page-size argument, defaults to pageSize.
func header(kind string, f *ast.FieldDefinition, connection bool, paged *ast.ArgumentDefinition, o Options) string {
	var args ast.ArgumentDefinitionList
	for _, a := range forwarded(f, connection) {
		if !o.Omit[a.Name] {
			args = append(args, a)
		}
	}
	var b strings.Builder
	b.WriteString(kind + " " + OperationName(f.Name))
	if len(args) == 0 {
		b.WriteString(" { " + f.Name)
		return b.String()
	}
	vars := make([]string, len(args))
	pass := make([]string, len(args))
	for i, a := range args {
		vars[i] = "$" + a.Name + ": " + a.Type.String()
		switch {
		case a == paged:
			vars[i] += " = " + strconv.Itoa(o.PageSize) // optional for the model, bounded for the server
		case a.Type.NonNull && opdoc.HasDefault(a.DefaultValue):
			// A non-null variable without a default would make the argument's default unusable:
			// the model would have to send a value the schema says it may leave out.
			vars[i] += " = " + opdoc.Value(a.DefaultValue)
		}
		pass[i] = a.Name + ": $" + a.Name
	}
	b.WriteString("(" + strings.Join(vars, ", ") + ")")
	b.WriteString(" { " + f.Name + "(" + strings.Join(pass, ", ") + ")")
	return b.String()
}

// forwarded are the arguments a tool exposes. A root connection pages forward only: with
// first defaulted, passing last too is an error on GitHub, and two fewer variables cost less.
// An optional deprecated argument is left out: the API asks callers to stop sending it, and a
// model offered `input: ProductInput @deprecated(reason: "Use product instead")` beside
// `product` cannot tell which to fill (a required one stays, marked deprecated in the input
// schema).
func forwarded(f *ast.FieldDefinition, connection bool) ast.ArgumentDefinitionList {
	backwardOnly := connection && f.Arguments.ForName("first") != nil
	var out ast.ArgumentDefinitionList
	for _, a := range f.Arguments {
		required := a.Type.NonNull && !opdoc.HasDefault(a.DefaultValue)
		backward := backwardOnly && (a.Name == "last" || a.Name == "before")
		if required || !backward && a.Directives.ForName("deprecated") == nil {
			out = append(out, a)
		}
	}
	return out
}
