// Package toolrt runs the tools of a compiled catalog with guarantees a model cannot talk its
// way around: identity from a real login (never from arguments), strict argument checks, an
// approval gate in front of every write, a run budget, bounded results and an audit trail.
//
// The runtime is split by job. What a caller configures is public: gate (approval), budget
// (ceilings), audit (JSON lines) and redact; the steps it never touches are internal:
// internal/args (parse, repair, validate), internal/auth (login) and internal/exec (HTTP and
// result bounding). This package wires them in the fixed order of one call:
//
//	count → size and parse → repair → validate → build exact body → approve → POST same bytes → bound result → audit
//
// A model loop (or an MCP session) uses it like this:
//
//	cat, err := toolrt.Load(generated.CatalogJSON) // or Load(nil, FromFile(path), Pin(digest))
//	rt, err := toolrt.New(cat, toolrt.Config{
//		Endpoint: endpoint, Role: "concierge", User: "user",
//		Password: func() string { return os.Getenv("API_PASSWORD") },
//		LoginDocument: "mutation Login($input: LoginInput!) { login(input: $input) { token } }",
//	})
//	err = rt.Login(ctx)
//	run := rt.NewRun(budget.New(budget.Defaults()), gate.NewConsole(gate.NewLines(os.Stdin), os.Stdout))
//	defs := rt.Tools() // function definitions for the model
//	for {
//		if err := run.Budget().AllowModelCall(); err != nil {
//			break // print run.Budget().Summary()
//		}
//		// ... ask the model; for each tool call it requests:
//		res, err := run.Call(ctx, name, []byte(argumentsJSON))
//		if err != nil {
//			break // budget spent (stop mode), login failed twice, or ctx cancelled (Ctrl-C)
//		}
//		// hand res.Text back to the model; res.IsError marks failures and denials, and
//		// res.Decision says what became of the call in the audit trail's words
//	}
//
// Call is Prepare followed by Resume. A caller that must ask for approval outside the call
// splits it: Prepare counts the call and builds the exact body (refusing a write denied earlier
// in the run), Prepared.Request says what to show, and Resume settles the decision and sends
// the same bytes once. An MCP server makes one Run per session; under -approve elicit it
// returns the elicitation as an input request and resumes when the client retries.
package toolrt
