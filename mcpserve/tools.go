// This file turns the runtime's tool definitions into MCP tools and MCP tool calls into
// toolrt calls.

package mcpserve

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
)

// DecisionMeta is the key of a tool result's _meta that holds the call's decision in the audit
// trail's words (audit.Decision: allowed, denied, invalid_args...), so a host can tell a denial
// from a failure without parsing the text meant for the model.
const DecisionMeta = "toolgen/decision"

// mcpTool describes one tool: the generated input schema verbatim, a title for people, the
// annotations hosts use to decide how much to confirm, and in _meta what it costs and what
// pins it (toolMeta).
func (s *Server) mcpTool(rt *toolrt.Runtime, def toolrt.ToolDef) *mcp.Tool {
	return &mcp.Tool{
		Meta:        toolMeta(rt, def),
		Name:        def.Name,
		Title:       cmp.Or(def.Title, title(def.Name)),
		Description: def.Description,
		InputSchema: def.InputSchema,
		Annotations: annotations(def.Mutation),
	}
}

// The _meta keys of a listed tool.
const (
	MetaTokens      = "toolgen/tokens"      // the definition's cost in o200k tokens
	MetaFingerprint = "toolgen/fingerprint" // "sha256:…" of the tool's catalog.json entry
	MetaCatalog     = "toolgen/catalog"     // the catalog's own digest
)

// toolMeta tells a host what a tool costs a model in tokens and, with the catalog's digest and
// the tool's fingerprint, lets it pin the definition and notice when one changes. The
// meta-tools are not catalog tools: they carry the digest only.
func toolMeta(rt *toolrt.Runtime, def toolrt.ToolDef) mcp.Meta {
	m := mcp.Meta{MetaCatalog: rt.CatalogDigest()}
	if def.Fingerprint != "" {
		m[MetaTokens], m[MetaFingerprint] = def.Tokens, def.Fingerprint
	}
	return m
}

func annotations(mutation bool) *mcp.ToolAnnotations {
	yes, no := true, false
	if mutation {
		return &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: &yes, IdempotentHint: false, OpenWorldHint: &yes}
	}
	return &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &no, IdempotentHint: true, OpenWorldHint: &yes}
}

// title turns a camelCase tool name into words for people when the allow-list gives no title:
// "addWatchListItem" becomes "Add watch list item".
func title(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case i == 0:
			b.WriteRune(unicode.ToUpper(r))
		case unicode.IsUpper(r):
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// catalogOrder lists tools in catalog order, which the model sees and reviewers chose; the SDK
// itself lists them sorted by name.
func catalogOrder(defs []toolrt.ToolDef) mcp.Middleware {
	rank := map[string]int{}
	for i, d := range defs {
		rank[d.Name] = i
	}
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if list, ok := res.(*mcp.ListToolsResult); ok && err == nil {
				slices.SortStableFunc(list.Tools, func(a, b *mcp.Tool) int { return rank[a.Name] - rank[b.Name] })
			}
			return res, err
		}
	}
}

// handler runs one tool of rt's role through the session's run. Everything the call got wrong
// or was refused comes back as an isError result the model can read (data next to field errors
// is not one: the call worked in part, see toolrt.Result.IsError); only a cancelled request is
// a protocol error, because then nobody is waiting for a result. In elicit mode a write first
// comes back as an input request (elicit.go).
func (s *Server) handler(rt *toolrt.Runtime, name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		s.active.Add(1)
		defer s.active.Add(-1)
		c := callerOf(req.Extra)
		ctx, span := s.tel.start(ctx, name, rt.Role(), c)
		if c != nil && s.cfg.Auth.ForwardToken {
			ctx = toolrt.WithCallerToken(ctx, c.token)
		}
		st, raw := s.session(req, rt, c), arguments(req.Params.Arguments)
		var out *mcp.CallToolResult
		var res toolrt.Result
		var err error
		if meta := s.metas[rt]; meta != nil && metatools.IsMeta(name) {
			out, res, err = s.metaCall(ctx, st, meta, req, name, raw)
		} else {
			out, res, err = s.call(ctx, st, req, name, raw)
		}
		span.end(ctx, out, res.Outcome, err)
		return out, err
	}
}

// call runs one call in the session's run, direct or through call_tool (the one path every
// call takes: name and raw arguments are the tools/call's own, or those call_tool names), and
// returns its toolrt result for telemetry.
func (s *Server) call(ctx context.Context, st *session, req *mcp.CallToolRequest, name string, raw []byte) (*mcp.CallToolResult, toolrt.Result, error) {
	if s.cfg.Approve != Elicit {
		res, err := st.run.Call(ctx, name, raw)
		out, err := s.result(ctx, req, name, res, err)
		return out, res, err
	}
	input, res, err := s.elicitCall(ctx, st, req, name, raw)
	if input != nil {
		return input, res, nil
	}
	out, err := s.result(ctx, req, name, res, err)
	return out, res, err
}

// result turns a toolrt result into the MCP result.
func (s *Server) result(ctx context.Context, req *mcp.CallToolRequest, name string, res toolrt.Result, err error) (*mcp.CallToolResult, error) {
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		s.cfg.Logger.Warn("mcp call ended the run", "session", req.Session.ID(), "tool", name, "err", err)
		res.IsError = true
		if res.Text == "" {
			res.Text = `{"error":"this call could not be run"}`
		}
	}
	return &mcp.CallToolResult{
		Meta:    mcp.Meta{DecisionMeta: string(res.Decision)},
		Content: []mcp.Content{&mcp.TextContent{Text: res.Text}},
		IsError: res.IsError,
	}, nil
}

// arguments gives toolrt an empty object when the client omitted arguments, which MCP allows
// for a tool without parameters such as myWatchLists.
func arguments(raw json.RawMessage) []byte {
	if len(strings.TrimSpace(string(raw))) == 0 || string(raw) == "null" {
		return []byte("{}")
	}
	return raw
}
