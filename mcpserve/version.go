// This file keeps a session's protocol version, as the SDK records it, equal to the version
// the client was told at initialize.

package mcpserve

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The first protocol version without the initialize handshake, and the newest one with it.
const (
	multiRoundTrip = "2026-07-28"
	newestLegacy   = "2025-11-25"
)

// negotiatedInitialize caps the version a legacy initialize asks for at the newest version
// that has the handshake, before the SDK records it. The SDK (v1.8.0) answers an initialize
// asking for 2026-07-28 with 2025-11-25, since 2026-07-28 has no initialize, yet records the
// version asked for; and that record, not the answer, decides the shape of each result. A write
// in elicit mode then came back as a 2026-07-28 input_required result to a client that agreed
// on 2025-11-25 and cannot read it. With the cap the record is the version agreed, so the
// SDK's middleware asks with elicitation/create, as 2025-11-25 says. Clients that speak
// 2026-07-28 send no initialize (each request carries its version) and are left alone.
func negotiatedInitialize(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		r, ok := req.(*mcp.ServerRequest[*mcp.InitializeParams])
		if !ok || r.Params == nil || r.Params.ProtocolVersion < multiRoundTrip {
			return next(ctx, method, req)
		}
		params := *r.Params // the client's params stay as they were sent
		params.ProtocolVersion = newestLegacy
		capped := *r
		capped.Params = &params
		return next(ctx, method, &capped)
	}
}
