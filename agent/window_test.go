package agent

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	openai "github.com/sashabaranov/go-openai"
)

// conv builds a conversation from a compact form: S system, U user, A assistant answer,
// C assistant asking for a call, T tool result; a digit after a letter tags the message.
func conv(spec string) []message {
	var out []message
	for _, m := range strings.Fields(spec) {
		switch m[0] {
		case 'S':
			out = append(out, message{Role: roleSystem, Content: m})
		case 'U':
			out = append(out, message{Role: roleUser, Content: m})
		case 'A':
			out = append(out, message{Role: roleAssistant, Content: m})
		case 'C':
			out = append(out, assistantCalls(m, []toolCall{{id: m, name: "search", args: "{}"}}, 1))
		case 'T':
			out = append(out, message{Role: roleTool, Content: m, ToolCallID: m})
		}
	}
	return out
}

// spec is the inverse of conv, for readable diffs.
func spec(msgs []message) string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Content)
	}
	return strings.Join(out, " ")
}

func TestWindow(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, in string
		n        int
		want     string
	}{
		{"fits", "S U1 A1 U2", 4, "S U1 A1 U2"},
		{"drops the oldest turn", "S U1 A1 U2 A2 U3", 4, "S U2 A2 U3"},
		// Cutting at 5 would leave T2 without its call C2: the whole turn goes instead.
		{"never separates a result from its call", "S U1 C1 T1 A1 U2 C2 T2 A2 U3", 5, "S U3"},
		{"keeps whole turns that fit", "S U1 C1 T1 A1 U2 C2 T2 A2 U3", 6, "S U2 C2 T2 A2 U3"},
		{"keeps the current turn whole", "S U1 A1 U2 C2 T2 C3 T3 C4 T4", 4, "S U2 C2 T2 C3 T3 C4 T4"},
		{"one long turn", "S U1 C1 T1 C2 T2", 3, "S U1 C1 T1 C2 T2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, spec(window(conv(c.in), c.n))); diff != "" {
				t.Errorf("window(%q, %d) (-want +got):\n%s", c.in, c.n, diff)
			}
		})
	}
}

func TestPairIDs(t *testing.T) {
	t.Parallel()
	var p pairIDs
	msg := func(ids ...string) message {
		var m message
		for _, id := range ids {
			m.ToolCalls = append(m.ToolCalls, openai.ToolCall{ID: id, Type: "function", Function: openai.FunctionCall{Name: "search"}})
		}
		return m
	}
	var got []string
	for _, m := range []message{msg("a", "", "a"), msg("a", "call_1", "")} {
		for _, c := range p.calls(m) {
			got = append(got, c.id)
		}
	}
	// Missing and repeated provider ids get minted ones; every id pairs exactly one result.
	if diff := cmp.Diff([]string{"a", "call_1", "call_2", "call_3", "call_4", "call_5"}, got); diff != "" {
		t.Errorf("ids (-want +got):\n%s", diff)
	}
}

// TestReplyTextReadsContentParts: a reply whose content is an array of parts, as the server
// sent it, keeps its text parts in order and nothing else.
func TestReplyTextReadsContentParts(t *testing.T) {
	for raw, want := range map[string]string{
		`{"role":"assistant","content":"plain"}`: "plain",
		`{"role":"assistant","content":[{"type":"text","text":"one "},{"type":"image_url","image_url":{"url":"x"}},{"type":"text","text":"two"}]}`: "one two",
		`{"role":"assistant","content":null,"tool_calls":[]}`: "",
	} {
		var m message
		if err := json.Unmarshal([]byte(raw), &m); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if got := replyText(m); got != want {
			t.Errorf("replyText(%s) = %q, want %q", raw, got, want)
		}
	}
}

func TestPrintedShapes(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 230)
	if got := preview(long); got != strings.Repeat("é", 220)+"..." {
		t.Errorf("preview cuts by bytes or lacks the marker: %q", got)
	}
	if got := preview("a\x1b[2Jb"); got != `a\u{001B}[2Jb` {
		t.Errorf("escape sequence reached the terminal: %q", got)
	}
	if got := indent("one\ntwo\x07", "  "); got != "one\n  two\\u{0007}" {
		t.Errorf("indent = %q", got)
	}
	if got := stripThinking("<think>hmm</think>\n\nDone."); got != "Done." {
		t.Errorf("stripThinking = %q", got)
	}
}
