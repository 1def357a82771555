package main

// This file reads the settings: defaults, then agent.yaml (strict keys), then the flags that
// follow the command name. The password is never a setting: it comes from AGENT_PASSWORD only.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/toolgen/toolgen/agent"
	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
)

// configFile is read from the working directory when it exists.
const configFile = "agent.yaml"

// Settings are every knob of a command; the yaml keys equal the flag names.
type Settings struct {
	Endpoint      string        `yaml:"endpoint"`
	Role          string        `yaml:"role"`
	User          string        `yaml:"user"`
	MaxModelCalls int           `yaml:"max-model-calls"`
	MaxToolCalls  int           `yaml:"max-tool-calls"`
	BudgetMode    string        `yaml:"budget-mode"`
	Audit         string        `yaml:"audit"`
	AuditArgs     bool          `yaml:"audit-args"`
	Catalog       string        `yaml:"catalog"`
	CatalogSHA256 string        `yaml:"catalog-sha256"` // pin: refuse any other catalog
	InsecureHTTP  bool          `yaml:"insecure-http"`
	Timeout       time.Duration `yaml:"timeout"`
	LoginDocument string        `yaml:"login-document"` // a file holding the API's login mutation
	TokenHeader   string        `yaml:"token-header"`   // how the token goes out: "Authorization: Bearer"
	Headers       headerList    `yaml:"header"`         // fixed, non-secret headers: "x-hasura-role: user"
	// The model of the agent command; the key is never a setting (AGENT_MODEL_KEY only).
	ModelURL     string        `yaml:"model-url"`
	Model        string        `yaml:"model"`
	ModelTimeout time.Duration `yaml:"model-timeout"`
	SystemPrompt string        `yaml:"system-prompt"`
	// How the role's tools are offered to the model or the host: all, search or auto.
	Tools string `yaml:"tools"`
	// The MCP server's approval mode and HTTP address.
	Approve         string `yaml:"approve"`
	HTTP            string `yaml:"http"`
	HTTPAllowRemote bool   `yaml:"http-allow-remote"`

	// MaxCallsPerCaller bounds each caller's MCP tool calls per time window (limits.go).
	MaxCallsPerCaller rateSetting `yaml:"max-calls-per-caller"`

	// Deferred writes (-approve defer) and the shared ceilings: the store (a file, or a
	// postgres:// URL replicas share; pending-store is its older name), how long a request
	// waits, and which read tools `agent review` runs beside a write (derived from the catalog
	// when absent).
	Store        string                `yaml:"store"`
	PendingStore string                `yaml:"pending-store"`
	PendingTTL   time.Duration         `yaml:"pending-ttl"`
	ReviewReads  map[string][]ReadSpec `yaml:"review-reads"`

	// Caller lists only the requests proposed for this caller (agent pending -caller); a
	// filter of one command line, never a setting of agent.yaml.
	Caller string `yaml:"-"`

	// cmd is the command these settings are for: the first line names only what it takes.
	cmd command

	// Origin says where a setting came from, by its flag name: "-endpoint" for the command
	// line, "/path/agent.yaml:3" for the file; absent is the default (origin.go).
	Origin map[string]string `yaml:"-"`

	// Who may call agent mcp -http and how it is served to many (mcp_identity.go).
	MCPIdentity `yaml:",inline"`
}

// defaults are command cmd's built-in settings; the model's URL and name may also come from the
// environment, because the menu takes no flags.
func defaults(cmd string) Settings {
	return Settings{MaxModelCalls: 8, MaxToolCalls: defaultToolCalls(cmd), MaxCallsPerCaller: rateSetting{defaultCallsPerCaller}, BudgetMode: "stop", Timeout: 10 * time.Second,
		ModelURL: envOr(modelURLEnv, defaultModelURL), Model: envOr(modelEnv, defaultModel),
		ModelTimeout: agent.DefaultModelTimeout, Approve: defaultApprove(cmd), Tools: string(metatools.Auto),
		Endpoint: os.Getenv(EndpointEnv)}
}

// defaultApprove: call's writes are typed by the person who approves them; the agent loop's
// person sits at the console that asks; an MCP server's writes are refused unless -approve says
// how to ask.
func defaultApprove(cmd string) string {
	switch cmd {
	case "call":
		return approveHost
	case "agent":
		return approveElicit
	}
	return approveDeny
}

// parseSettings applies agent.yaml, then the flags right after the command name, and returns
// the positional arguments left over.
func parseSettings(cmd string, args []string, stderr io.Writer) (Settings, []string, error) {
	s := defaults(cmd)
	if err := readConfig(configFile, &s); err != nil {
		return s, nil, err
	}
	s.Origin = map[string]string{}
	if err := fileOrigins(configFile, s.Origin); err != nil {
		return s, nil, err
	}
	flags := flag.NewFlagSet("agent "+cmd, flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.StringVar(&s.Endpoint, "endpoint", s.Endpoint, "GraphQL endpoint URL (also $"+EndpointEnv+"); the demo: go run ./cmd/moviedb, then "+demoEndpoint)
	flags.StringVar(&s.Role, "role", s.Role, "role whose tools are visible, one the catalog declares (default: concierge for the embedded catalog, else the catalog's only role, or every tool when it declares none)")
	flags.StringVar(&s.User, "user", s.User, "user to log in as (password from $AGENT_PASSWORD); empty is anonymous")
	flags.IntVar(&s.MaxModelCalls, "max-model-calls", s.MaxModelCalls, "model-call ceiling of a run")
	flags.IntVar(&s.MaxToolCalls, "max-tool-calls", s.MaxToolCalls, "tool-call ceiling of a run (an mcp session is one run, by default of 50 calls)")
	flags.Var(&s.MaxCallsPerCaller, "max-calls-per-caller", "mcp: tool calls each caller may make per time window, every session together (and every replica sharing a postgres -store), as CALLS/WINDOW")
	flags.StringVar(&s.BudgetMode, "budget-mode", s.BudgetMode, "at a ceiling: stop the run, or hand the model an error")
	flags.StringVar(&s.Audit, "audit", s.Audit, "append one JSON line per tool call to this file")
	flags.BoolVar(&s.AuditArgs, "audit-args", s.AuditArgs, "also record argument values in the audit file")
	flags.StringVar(&s.Catalog, "catalog", s.Catalog, "catalog.json to load instead of the embedded one")
	flags.StringVar(&s.CatalogSHA256, "catalog-sha256", s.CatalogSHA256, "refuse to start unless the catalog's sha256sum is this (hex, or sha256:hex)")
	flags.BoolVar(&s.InsecureHTTP, "insecure-http", s.InsecureHTTP, "allow the password, AGENT_TOKEN or AGENT_MODEL_KEY over plain http:// to a host that is not loopback")
	flags.DurationVar(&s.Timeout, "timeout", s.Timeout, "deadline of one tool call, body included")
	flags.StringVar(&s.LoginDocument, "login-document", s.LoginDocument, "file holding the API's login mutation (default: the Movie Database's); credentials go in $input as {username, password} when it declares $input, else the user in $username, $email or $login and the password in $password; for LoginInput{email, password}: mutation Login($username: String!, $password: String!) { login(input: {email: $username, password: $password}) { token } }")
	flags.StringVar(&s.TokenHeader, "token-header", s.TokenHeader, "the header that carries the token, as it reads on the wire: \"Authorization: Bearer\" (default), \"X-Shopify-Access-Token:\", \"x-api-key:\"")
	flags.Var(&s.Headers, "header", "a fixed header every request carries, \"Name: value\" (repeatable); never a secret: that goes in AGENT_TOKEN with -token-header")
	flags.StringVar(&s.ModelURL, "model-url", s.ModelURL, "base URL of an OpenAI-compatible chat API (Ollama: http://localhost:11434/v1); also $"+modelURLEnv)
	flags.StringVar(&s.Model, "model", s.Model, "model name the server knows, e.g. qwen3:8b; also $"+modelEnv)
	flags.DurationVar(&s.ModelTimeout, "model-timeout", s.ModelTimeout, "deadline of one model call")
	flags.StringVar(&s.SystemPrompt, "system-prompt", s.SystemPrompt, "file holding the agent's system prompt; empty uses the seed's concierge prompt")
	flags.StringVar(&s.Approve, "approve", s.Approve, "writes: deny (refuse), elicit (ask the user through the MCP client; call asks at the prompt), host (trust the host's confirmation; weaker; call's default: the person typed it), or defer (record for agent confirm; also for the agent loop)")
	flags.StringVar(&s.Tools, "tools", s.Tools, fmt.Sprintf("offer every tool (all), or search_tools, describe_tool and call_tool over them (search); auto searches above %d tools or %d tokens of definitions", metatools.AutoMaxTools, metatools.AutoMaxTokens))
	flags.StringVar(&s.HTTP, "http", s.HTTP, "mcp: serve streamable HTTP on this address, e.g. 127.0.0.1:8765, instead of stdio")
	flags.BoolVar(&s.HTTPAllowRemote, "http-allow-remote", s.HTTPAllowRemote, "mcp: let -http listen on a non-loopback address: whoever reaches it acts as -user")
	pendingFlags(flags, &s)
	mcpIdentityFlags(flags, &s.MCPIdentity)
	c, _ := lookup(cmd)
	s.cmd = c
	rest, err := parseCommandLine(flags, c, args, stderr)
	if err != nil {
		return s, nil, err
	}
	flags.Visit(func(f *flag.Flag) { s.Origin[f.Name] = "-" + f.Name })
	if s.Origin["endpoint"] == "" && s.Endpoint != "" {
		s.Origin["endpoint"] = "$" + EndpointEnv
	}
	if err := s.checkFileTrust(); err != nil {
		return s, nil, err
	}
	if err := s.checkCeilings(); err != nil {
		return s, nil, err
	}
	if _, err := metatools.ParseMode(s.Tools); err != nil {
		return s, nil, s.settingError("tools", err)
	}
	if _, err := mcpserve.ParseApproval(s.Approve); err != nil {
		return s, nil, s.settingError("approve", err) // every command reads -approve the same way, not only mcp
	}
	if err := (toolrt.Config{TokenHeader: s.TokenHeader, Headers: s.Headers}).Check(); err != nil {
		return s, nil, headerError(err)
	}
	return s, rest, nil
}

// readConfig decodes path into s, refusing unknown keys; a missing file is fine.
func readConfig(path string, s *Settings) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w; agent reads its settings from the file %s in the working directory: move what is there away, or run agent from another folder", path, unwrapPath(err), configFile)
	}
	// yaml.v3 here, goccy/go-yaml for allowlist.yaml: this file decodes into a struct, one key
	// at a time (config_read.go), and yaml.v3 leaves the defaults alone on an empty file; goccy's
	// does not. A misspelt key must not silently fall back to a default: it is an error.
	return decodeConfig(path, data, s)
}

// settingError names where a refused setting was set (-approve, agent.yaml:3), so that a value
// from a file nobody looked at is found.
func (s *Settings) settingError(name string, err error) error {
	o := s.Origin[name]
	if o == "" || strings.HasPrefix(o, "-") {
		if strings.Contains(err.Error(), "-"+name) {
			return err
		}
		return fmt.Errorf("-%s: %w", name, err)
	}
	return fmt.Errorf("%s (from %s): %w", name, o, err)
}
