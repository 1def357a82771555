// Package agenttest is a scripted model server for tests: it speaks the chat-completions wire
// format (POST /v1/chat/completions, the JSON OpenAI, Ollama and vLLM return) over loopback,
// answers each request from a script and records every request it got. Like net/http/httptest,
// only tests import it; it lives outside _test.go files so the agent package's tests and
// cmd/agent's terminal test drive the same server.
package agenttest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Call is one tool call in a scripted reply; an empty ID is sent as no id at all, as some
// OpenAI-compatible servers do.
type Call struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
	Args string `json:"arguments"`
}

// Reply is one scripted answer: tool calls, words, or an HTTP failure.
type Reply struct {
	Text   string
	Calls  []Call
	Status int           // non-zero: answer with this status and an OpenAI-shaped error body
	Delay  time.Duration // wait this long first (or until the client gives up)
}

// Message is one message of a recorded request.
type Message struct {
	Role       string
	Content    string
	ToolCallID string
	ToolCalls  []Call
}

// Request is one recorded request.
type Request struct {
	Auth     string // the Authorization header, "" when none was sent
	Model    string
	Messages []Message
	Tools    []string // names of the function tools offered, nil when none
	Bytes    int      // size of the request body
}

// Script chooses the reply to the n-th request (0-based).
type Script func(n int, req Request) Reply

// Steps replies in order and, past the end, answers "(script ended)".
func Steps(replies ...Reply) Script {
	return func(n int, _ Request) Reply {
		if n < len(replies) {
			return replies[n]
		}
		return Reply{Text: "(script ended)"}
	}
}

// Server is a running scripted model server.
type Server struct {
	URL string // base URL to hand the client, ending in /v1

	srv    *httptest.Server
	script Script
	mu     sync.Mutex
	reqs   []Request
}

// New starts a server answering from script.
func New(script Script) *Server {
	s := &Server{script: script}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL + "/v1"
	return s
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// Requests returns a copy of the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		writeError(w, http.StatusNotFound, "no route "+r.Method+" "+r.URL.Path)
		return
	}
	req, err := decode(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	n := len(s.reqs)
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()
	reply := s.script(n, req)
	select {
	case <-time.After(reply.Delay):
	case <-r.Context().Done():
		return
	}
	if reply.Status != 0 {
		writeError(w, reply.Status, "scripted failure")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(completion(n, req.Model, reply))
}

// wire is the part of a chat-completions request the tests look at.
type wire struct {
	Model    string `json:"model"`
	Messages []struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"tool_call_id"`
		ToolCalls  []wireCall      `json:"tool_calls"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
}

type wireCall struct {
	ID       string `json:"id,omitempty"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

func decode(r *http.Request) (Request, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return Request{}, err
	}
	var w wire
	if err := json.Unmarshal(body, &w); err != nil {
		return Request{}, fmt.Errorf("request body: %w", err)
	}
	if err := check(w); err != nil {
		return Request{}, err
	}
	req := Request{Auth: r.Header.Get("Authorization"), Model: w.Model, Bytes: len(body)}
	for _, m := range w.Messages {
		msg := Message{Role: m.Role, Content: text(m.Content), ToolCallID: m.ToolCallID}
		for _, c := range m.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, Call{ID: c.ID, Name: c.Function.Name, Args: c.Function.Arguments})
		}
		req.Messages = append(req.Messages, msg)
	}
	for _, t := range w.Tools {
		req.Tools = append(req.Tools, t.Function.Name)
	}
	return req, nil
}

// text reads a content field, which is a string or an array of text parts.
func text(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &parts)
	for _, p := range parts {
		s += p.Text
	}
	return s
}

// completion is a chat.completion object as the servers send it.
func completion(n int, model string, r Reply) map[string]any {
	msg := map[string]any{"role": "assistant", "content": r.Text}
	finish := "stop"
	if len(r.Calls) > 0 {
		calls := make([]wireCall, len(r.Calls))
		for i, c := range r.Calls {
			calls[i].ID, calls[i].Type = c.ID, "function"
			calls[i].Function.Name, calls[i].Function.Arguments = c.Name, c.Args
		}
		msg["tool_calls"], finish = calls, "tool_calls"
	}
	return map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n+1), "object": "chat.completion", "created": 1767225600, "model": model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
	}
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"error": map[string]any{"message": msg, "type": "server_error", "param": nil, "code": nil},
	})
}
