package mcpserve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// A Server serves one role's tools to an MCP client: here over an in-memory transport, as
// ServeStdio or ServeHTTP would to a host. Each result's _meta names the call's decision.
func ExampleServer_Connect() {
	ctx := context.Background()
	demo, err := moviedb.Start(ctx, "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer demo.Close()
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		log.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: demo.URL(), Role: "support"})
	if err != nil {
		log.Fatal(err)
	}
	srv, err := mcpserve.New(mcpserve.Config{Runtime: rt, Approve: mcpserve.Deny, Limits: budget.Defaults()})
	if err != nil {
		log.Fatal(err)
	}
	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	if _, err := srv.Connect(ctx, serverEnd); err != nil {
		log.Fatal(err)
	}
	client, err := mcp.NewClient(&mcp.Implementation{Name: "example"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	tools, err := client.ListTools(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range tools.Tools {
		fmt.Println(t.Name, t.Annotations.ReadOnlyHint)
	}
	res, err := client.CallTool(ctx, &mcp.CallToolParams{Name: "movie", Arguments: json.RawMessage(`{"id":"42"}`)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.IsError, res.Meta[mcpserve.DecisionMeta])
	// Output:
	// movie true
	// movies true
	// person true
	// search true
	// tvShow true
	// false allowed
}
