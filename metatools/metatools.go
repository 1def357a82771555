// Package metatools is progressive discovery: instead of every tool of a role, a model is
// offered three tools that find, describe and call them. search_tools ranks the role's tools
// for a request in words (toolsearch), describe_tool gives one tool's definition exactly as the
// catalog has it, and call_tool names a tool and its arguments. This package answers the
// first two itself (they read the catalog and send nothing) and unwraps the third into the
// tool's name and raw arguments, which the caller then runs on the very path of a direct call
// (toolrt.Run: role, argument checks, approval gate, budget, audit); mcpserve and the agent
// loop do just that, so a write through call_tool is gated exactly like a direct one.
package metatools

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/args"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolsearch"
)

// The meta-tools' names.
const (
	SearchTools  = "search_tools"
	DescribeTool = "describe_tool"
	CallTool     = "call_tool"
)

// Result limits of search_tools.
const (
	DefaultLimit = 5
	MaxLimit     = 20
	// maxQuery bounds the request text; a query is a sentence, not a document.
	maxQuery = 1000
	// lineLen bounds a result's one-line description, in characters.
	lineLen = 160
)

// Set is one role's tools behind the meta-tools; safe for concurrent use.
type Set struct {
	defs   []toolrt.ToolDef
	byName map[string]int
	index  *toolsearch.Index
}

// New indexes the role's tools (rt.Tools()).
func New(defs []toolrt.ToolDef) *Set {
	s := &Set{defs: defs, byName: make(map[string]int, len(defs))}
	docs := make([]toolsearch.Doc, len(defs))
	for i, d := range defs {
		s.byName[d.Name] = i
		docs[i] = toolsearch.Doc{Name: d.Name, Description: d.Description, InputSchema: d.InputSchema}
		if d.Keywords != nil {
			docs[i].Args, docs[i].Returns = d.Keywords.Args, d.Keywords.Returns
		}
	}
	s.index = toolsearch.New(docs)
	return s
}

// Len is the number of tools behind the meta-tools.
func (s *Set) Len() int { return len(s.defs) }

// Defs are the three meta-tools as tool definitions, for a model's tool list. call_tool is
// marked as a write, since it may run one: hosts confirm it accordingly.
func (s *Set) Defs() []toolrt.ToolDef {
	return []toolrt.ToolDef{
		{
			Name: SearchTools, Title: "Search tools",
			Description: fmt.Sprintf("Find the tools for a task among this API's %d tools. Give the task in words; returns the best matching tools: name, what each does, its cost in tokens, and whether it writes. Then call describe_tool for a tool's arguments.", len(s.defs)),
			InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string","description":"the task in words, e.g. close an issue","maxLength":1000},"limit":{"type":"integer","minimum":1,"maximum":20,"default":5}},"required":["query"],"additionalProperties":false}`),
		},
		{
			Name: DescribeTool, Title: "Describe a tool",
			Description: "The full description and input schema of one tool found with search_tools.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}`),
		},
		{
			Name: CallTool, Title: "Call a tool", Mutation: true,
			Description: "Run one tool with arguments matching its input schema (from describe_tool). Writes wait for a person's approval.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"arguments":{"type":"object"}},"required":["name","arguments"],"additionalProperties":false}`),
		},
	}
}

// IsMeta reports whether name is one of the meta-tools.
func IsMeta(name string) bool { return name == SearchTools || name == DescribeTool || name == CallTool }

// Found is one search_tools result.
type Found struct {
	Name        string `json:"name"`
	Description string `json:"description"` // its first line, clipped
	Tokens      int    `json:"tokens"`
	Write       bool   `json:"write,omitempty"`
}

// Answer answers search_tools or describe_tool: the text for the model, and whether it is an
// error (arguments it cannot read, a tool this role does not have). It sends nothing.
func (s *Set) Answer(name string, raw []byte) (text string, isError bool) {
	switch name {
	case SearchTools:
		var a struct {
			Query string `json:"query"`
			Limit int    `json:"limit"`
		}
		if err := decode(raw, &a, "query", "limit"); err != nil || strings.TrimSpace(a.Query) == "" || len(a.Query) > maxQuery || a.Limit < 0 || a.Limit > MaxLimit {
			return errorText(`search_tools takes {"query": "the task in words", "limit": 1 to 20}`), true
		}
		return s.search(a.Query, cmp.Or(a.Limit, DefaultLimit)), false
	case DescribeTool:
		var a struct {
			Name string `json:"name"`
		}
		if err := decode(raw, &a, "name"); err != nil {
			return errorText(`describe_tool takes {"name": "a tool from search_tools"}`), true
		}
		i, ok := s.byName[a.Name]
		if !ok {
			return errorText("there is no tool with that name; find one with search_tools"), true
		}
		return s.describe(s.defs[i]), false
	}
	return errorText("not a meta-tool"), true
}

func (s *Set) search(query string, limit int) string {
	found := []Found{}
	for _, h := range s.index.Search(query, limit) {
		d := s.defs[h.Doc]
		found = append(found, Found{Name: d.Name, Description: oneLine(d.Description), Tokens: d.Tokens, Write: d.Mutation})
	}
	b, _ := marshal(struct {
		Tools []Found `json:"tools"`
		Of    int     `json:"of"`
	}{found, len(s.defs)})
	return string(b)
}

// describe is the tool as the catalog has it: description and input schema verbatim.
func (s *Set) describe(d toolrt.ToolDef) string {
	b, _ := marshal(struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
		Tokens      int             `json:"tokens"`
		Write       bool            `json:"write,omitempty"`
		Approval    bool            `json:"needsApproval,omitempty"`
	}{d.Name, d.Description, d.InputSchema, d.Tokens, d.Mutation, d.NeedsHuman})
	return string(b)
}

// ErrCallArgs is call_tool's arguments not being {"name": …, "arguments": {…}}.
var ErrCallArgs = errors.New(`call_tool takes {"name": "a tool from search_tools", "arguments": {its arguments}}`)

// CallArgsText is what the model reads for ErrCallArgs.
var CallArgsText = errorText(ErrCallArgs.Error())

// Unwrap reads call_tool's arguments: the tool's name and its raw arguments, an object, passed
// on byte for byte so the tool's own checks see what the model wrote.
func Unwrap(raw []byte) (name string, args []byte, err error) {
	var a struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if decode(raw, &a, "name", "arguments") != nil || a.Name == "" {
		return "", nil, ErrCallArgs
	}
	args = bytes.TrimSpace(a.Arguments)
	if len(args) == 0 || string(args) == "null" {
		args = []byte("{}")
	}
	if args[0] != '{' {
		return "", nil, ErrCallArgs
	}
	return a.Name, args, nil
}

// decode reads a meta-tool's arguments strictly: one object as args.Parse reads a tool's (size,
// depth, no key twice), with no key but keys, each exactly as written. encoding/json alone
// would take "NAME" for "name" and keep the last of two, so {"name":"movie",
// "NAME":"addWatchListItem"} ran the write while a host's confirmation, or any reader matching
// case or taking the first key, showed a read.
func decode(raw []byte, v any, keys ...string) error {
	obj, err := args.Parse(raw)
	if err != nil {
		return err
	}
	for k := range obj {
		if !slices.Contains(keys, k) {
			return fmt.Errorf("unknown key %q", k)
		}
	}
	if len(obj) == 0 {
		return nil // empty input reads as {}
	}
	return json.Unmarshal(raw, v)
}

// oneLine is a description's first sentence on one line, clipped to lineLen characters.
func oneLine(desc string) string {
	line := strings.Join(strings.Fields(desc), " ")
	if i := strings.Index(line, ". "); i >= 0 {
		line = line[:i+1]
	}
	if r := []rune(line); len(r) > lineLen {
		return string(r[:lineLen-1]) + "…"
	}
	return line
}

func errorText(msg string) string {
	b, _ := marshal(map[string]string{"error": msg})
	return string(b)
}

// marshal is json.Marshal without HTML escaping: descriptions reach the model verbatim.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}
