package agent

// This file holds the conversation as the model sees it: the tool definitions offered, the
// messages kept, the memory window that trims them, and the ids that pair results with calls.

import (
	"encoding/json"
	"fmt"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolgen/toolgen/toolrt"
)

// DefaultWindow is how many messages the conversation keeps, the system message included.
const DefaultWindow = 20

type message = openai.ChatCompletionMessage

// The roles of the messages the loop sends.
const (
	roleSystem    = openai.ChatMessageRoleSystem
	roleUser      = openai.ChatMessageRoleUser
	roleAssistant = openai.ChatMessageRoleAssistant
	roleTool      = openai.ChatMessageRoleTool
)

// toolParams turns the role's tools into chat-completions function definitions, in catalog
// order (the order the model reads them in is the catalog's reviewed order).
func toolParams(defs []toolrt.ToolDef) ([]openai.Tool, error) {
	out := make([]openai.Tool, 0, len(defs))
	for _, d := range defs {
		var schema map[string]any
		if err := json.Unmarshal(d.InputSchema, &schema); err != nil {
			return nil, fmt.Errorf("tool %s: input schema: %w", d.Name, err)
		}
		out = append(out, openai.Tool{Type: openai.ToolTypeFunction, Function: &openai.FunctionDefinition{
			Name:        d.Name,
			Description: d.Description,
			Parameters:  json.RawMessage(d.InputSchema), // checked above to be one JSON object
		}})
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
	for head < len(msgs) && msgs[head].Role == roleSystem {
		head++
	}
	cut := -1
	for i := head; i < len(msgs); i++ {
		if msgs[i].Role != roleUser {
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
	kind string // "function", or another type (say "custom", a free-form tool) this loop never offers
}

// pairIDs keeps the provider's call ids where they can pair a result with its call and mints
// one where they cannot (missing, or already used in this conversation): some
// OpenAI-compatible servers send none or repeat them. The ids are never used for anything else;
// toolrt mints the ids its audit trail knows a call by.
type pairIDs struct {
	seen map[string]bool
	n    int
}

func (p *pairIDs) calls(msg message) []toolCall {
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
		kind := string(c.Type)
		if kind == "" {
			kind = string(openai.ToolTypeFunction) // some OpenAI-compatible servers leave the type out
		}
		out = append(out, toolCall{id: id, name: c.Function.Name, args: c.Function.Arguments, kind: kind})
	}
	return out
}

// replyText is the text of a reply, whether the server sent it as a string or, as some
// OpenAI-compatible proxies do, as an array of content parts (only the text parts count).
func replyText(msg message) string {
	text := msg.Content
	for _, p := range msg.MultiContent {
		if p.Type == openai.ChatMessagePartTypeText {
			text += p.Text
		}
	}
	return text
}

// assistantCalls is the assistant message that asked for calls, as it goes back to the model.
// Only the first taken calls keep their arguments: the rest never ran, and repeating their
// arguments would only make every later request bigger.
func assistantCalls(content string, calls []toolCall, taken int) message {
	a := message{Role: roleAssistant, Content: content}
	for i, c := range calls {
		if i >= taken {
			c.args = "{}"
		}
		a.ToolCalls = append(a.ToolCalls, openai.ToolCall{
			ID: c.id, Type: openai.ToolTypeFunction,
			Function: openai.FunctionCall{Name: c.name, Arguments: c.args},
		})
	}
	return a
}
