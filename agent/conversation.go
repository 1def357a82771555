package agent

// This file holds the conversation as the model sees it: the tool definitions offered, the
// messages kept, the memory window that trims them, and the ids that pair results with calls.

import (
	"encoding/json"
	"fmt"

	"github.com/openai/openai-go/v3"
	"github.com/toolgen/toolgen/toolrt"
)

// DefaultWindow is how many messages the conversation keeps, the system message included.
const DefaultWindow = 20

type message = openai.ChatCompletionMessageParamUnion

// toolParams turns the role's tools into chat-completions function definitions, in catalog
// order (the order the model reads them in is the catalog's reviewed order).
func toolParams(defs []toolrt.ToolDef) ([]openai.ChatCompletionToolUnionParam, error) {
	out := make([]openai.ChatCompletionToolUnionParam, 0, len(defs))
	for _, d := range defs {
		var schema map[string]any
		if err := json.Unmarshal(d.InputSchema, &schema); err != nil {
			return nil, fmt.Errorf("tool %s: input schema: %w", d.Name, err)
		}
		out = append(out, openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{
			Name:        d.Name,
			Description: openai.String(d.Description),
			Parameters:  openai.FunctionParameters(schema),
		}))
	}
	return out, nil
}

// window trims msgs to at most n messages. The leading system message always stays; whole
// turns (a user message and everything up to the next one) are dropped oldest first, so a
// tool result never loses its call; the current turn is kept whole even when it alone is
// longer than n, because the model cannot finish a task it can no longer see.
func window(msgs []message, n int) []message {
	if len(msgs) <= n {
		return msgs
	}
	head := 0
	for head < len(msgs) && msgs[head].OfSystem != nil {
		head++
	}
	cut := -1
	for i := head; i < len(msgs); i++ {
		if msgs[i].OfUser == nil {
			continue
		}
		cut = i
		if head+len(msgs)-i <= n {
			break
		}
	}
	if cut <= head {
		return msgs
	}
	kept := make([]message, 0, head+len(msgs)-cut)
	kept = append(kept, msgs[:head]...)
	return append(kept, msgs[cut:]...)
}

// toolCall is one call the model asked for, with the id its result is paired by.
type toolCall struct {
	id   string
	name string
	args string
	kind string // "function", or "custom" for a free-form tool this loop never offers
}

// pairIDs keeps the provider's call ids where they can pair a result with its call and mints
// one where they cannot (missing, or already used in this conversation): some
// OpenAI-compatible servers send none or repeat them. The ids are never used for anything else;
// toolrt mints the ids its audit trail knows a call by.
type pairIDs struct {
	seen map[string]bool
	n    int
}

func (p *pairIDs) calls(msg openai.ChatCompletionMessage) []toolCall {
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	out := make([]toolCall, 0, len(msg.ToolCalls))
	for _, c := range msg.ToolCalls {
		id := c.ID
		for id == "" || p.seen[id] {
			p.n++
			id = fmt.Sprintf("call_%d", p.n)
		}
		p.seen[id] = true
		name, args := c.Function.Name, c.Function.Arguments
		if c.Type == "custom" {
			name, args = c.Custom.Name, c.Custom.Input
		}
		out = append(out, toolCall{id: id, name: name, args: args, kind: c.Type})
	}
	return out
}

// assistantCalls is the assistant message that asked for calls, as it goes back to the model.
// Only the first taken calls keep their arguments: the rest never ran, and repeating their
// arguments would only make every later request bigger.
func assistantCalls(content string, calls []toolCall, taken int) message {
	var a openai.ChatCompletionAssistantMessageParam
	if content != "" {
		a.Content.OfString = openai.String(content)
	}
	for i, c := range calls {
		if i >= taken {
			c.args = "{}"
		}
		a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
			OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
				ID:       c.id,
				Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.name, Arguments: c.args},
			},
		})
	}
	return message{OfAssistant: &a}
}
