package mcpserve

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/budget"
)

// TestLegacyInitializeGetsResultsOfItsVersion: over stdio, a client whose initialize asks for
// 2026-07-28 is told 2025-11-25 (that handshake does not exist in 2026-07-28), and a write in
// elicit mode must then be asked as 2025-11-25 asks it, with elicitation/create, and answered
// with a plain result: not with the 2026-07-28 input_required result such a client cannot read.
func TestLegacyInitializeGetsResultsOfItsVersion(t *testing.T) {
	t.Parallel()
	for _, asked := range []string{modern, "2027-01-01"} {
		t.Run(asked, func(t *testing.T) {
			f := newFixture(t)
			before := f.itemCount(t)
			stdin, stdout, _ := pipeServer(t, f.server(t, Elicit, budget.Defaults()))
			send := func(line string) {
				t.Helper()
				if _, err := io.WriteString(stdin, line+"\n"); err != nil {
					t.Fatalf("server hung up before %.60q: %v", line, err)
				}
			}
			next := func() map[string]json.RawMessage {
				t.Helper()
				line, err := stdout.ReadString('\n')
				var msg map[string]json.RawMessage
				if err != nil || json.Unmarshal([]byte(line), &msg) != nil {
					t.Fatalf("server line %q: %v", line, err)
				}
				return msg
			}
			send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + asked + `","capabilities":{"elicitation":{}},"clientInfo":{"name":"raw","version":"0"}}}`)
			if init := next(); !strings.Contains(string(init["result"]), `"protocolVersion":"`+legacy+`"`) {
				t.Fatalf("initialize answer %s, want %s", init["result"], legacy)
			}
			send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"addWatchListItem","arguments":` + addMatrix + `}}`)
			ask := next()
			if string(ask["method"]) != `"elicitation/create"` {
				t.Fatalf("the write was not asked with elicitation/create; the server sent %s %s", ask["method"], ask["result"])
			}
			send(`{"jsonrpc":"2.0","id":` + string(ask["id"]) + `,"result":{"action":"accept","content":{}}}`)
			res := next()
			if r := string(res["result"]); string(res["id"]) != "2" || strings.Contains(r, "resultType") || !strings.Contains(r, `\"success\":true`) {
				t.Errorf("tools/call answer %s %s, want a %s result of the write", res["id"], r, legacy)
			}
			if after := f.itemCount(t); after != before+1 {
				t.Errorf("list 1 has %d items after one approved write, want %d", after, before+1)
			}
		})
	}
}
