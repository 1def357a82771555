package agenttest

// This file holds the request rules the scripted server enforces, the ones OpenAI's API
// answers 400 for, so that a client change that sends what a real server refuses fails the
// tests instead of passing them against a lenient script.

import (
	"bytes"
	"fmt"
)

// check returns the first rule a request breaks, phrased as the server's error message.
func check(w wire) error {
	if w.Model == "" {
		return fmt.Errorf("model: required")
	}
	if len(w.Messages) == 0 {
		return fmt.Errorf("messages: at least one is required")
	}
	for i, t := range w.Tools {
		if t.Type != "function" || t.Function.Name == "" {
			return fmt.Errorf("tools[%d]: a function tool with a name is required", i)
		}
	}
	open := map[string]bool{} // calls of the last assistant message still without a result
	for i, m := range w.Messages {
		if err := checkMessage(m.Role, m.Content, len(m.ToolCalls), open, m.ToolCallID); err != nil {
			return fmt.Errorf("messages[%d]: %w", i, err)
		}
		if m.Role == "assistant" {
			for _, c := range m.ToolCalls {
				if c.ID == "" || c.Type != "function" {
					return fmt.Errorf("messages[%d]: every tool call needs an id and the type function", i)
				}
				open[c.ID] = true
			}
		}
	}
	if len(open) > 0 {
		return fmt.Errorf("messages: the last tool calls are not all answered")
	}
	return nil
}

// checkMessage checks one message against the calls still open before it.
func checkMessage(role string, content []byte, calls int, open map[string]bool, answers string) error {
	present := len(content) > 0 && !bytes.Equal(content, []byte("null"))
	if role != "tool" && len(open) > 0 {
		return fmt.Errorf("an assistant message with tool_calls must be followed by a tool message for each call")
	}
	switch role {
	case "system", "user":
		if !present {
			return fmt.Errorf("a %s message needs content", role)
		}
	case "assistant":
		if !present && calls == 0 {
			return fmt.Errorf("an assistant message needs content or tool_calls")
		}
	case "tool":
		if !present || !open[answers] {
			return fmt.Errorf("a tool message needs content and the id of a call of the assistant message before it")
		}
		delete(open, answers)
	default:
		return fmt.Errorf("unknown role %q", role)
	}
	return nil
}
