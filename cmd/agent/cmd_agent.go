package main

// agent is the model loop of issue 5: the seed's concierge talking to a model behind an
// OpenAI-compatible chat API (Ollama by default), every tool call going through the runtime's
// login, approval gate and run budget. The menu's reply prompt and the approval prompt read
// the same e.Lines.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/toolgen/toolgen/agent"
)

// Environment fallbacks for the model settings; the menu takes no flags, so this is how it is
// pointed at another server.
const (
	modelURLEnv = "AGENT_MODEL_URL"
	modelEnv    = "AGENT_MODEL"
)

func init() {
	register(command{
		name: "agent", order: 30,
		summary: "run the agent loop: login, approval gate and run budget",
		prompt:  "task, e.g. add The Matrix to my To watch this weekend watchlist",
		run:     runAgentLoop,
	})
}

func runAgentLoop(ctx context.Context, e *Env, args []string) error {
	cfg, rest, err := loopSettings(args, e)
	if err != nil {
		return err
	}
	task := strings.TrimSpace(strings.Join(rest, " "))
	if task == "" {
		fmt.Fprintln(e.Err, "usage: agent agent [flags] [-- -model-url URL -model NAME -model-timeout D -system-prompt FILE] TASK...")
		return errUsage
	}
	rt, err := e.Runtime(ctx)
	if err != nil {
		return err
	}
	b, err := e.Budget()
	if err != nil {
		return err
	}
	cfg.Runtime, cfg.Run, cfg.Out, cfg.Lines = rt, rt.NewRun(b, e.Approver()), e.Out, e.Lines
	a, err := agent.New(cfg)
	if err != nil {
		return err
	}
	err = a.Converse(ctx, task)
	if ctx.Err() != nil {
		return errors.New("interrupted") // Converse printed what stopped; this sets the exit status
	}
	return err
}

// loopSettings reads the agent command's own flags from the arguments left after the shared
// ones: -model-url, -model, -model-timeout and -system-prompt. The shared flag set does not
// know them yet, so on the command line they follow a "--" (agent agent -user user --
// -model-url URL TASK...); the model URL and name fall back to AGENT_MODEL_URL and AGENT_MODEL,
// then the defaults. The key is read from AGENT_MODEL_KEY only.
func loopSettings(args []string, e *Env) (agent.Config, []string, error) {
	mc := agent.ModelConfig{
		URL:     envOr(modelURLEnv, agent.DefaultModelURL),
		Model:   envOr(modelEnv, agent.DefaultModel),
		Key:     os.Getenv(agent.KeyEnv),
		Timeout: agent.DefaultModelTimeout,
	}
	var systemFile string
	flags := flag.NewFlagSet("agent agent", flag.ContinueOnError)
	flags.SetOutput(e.Err)
	flags.StringVar(&mc.URL, "model-url", mc.URL, "base URL of an OpenAI-compatible chat API (Ollama: http://localhost:11434/v1)")
	flags.StringVar(&mc.Model, "model", mc.Model, "model name the server knows, e.g. qwen3:8b")
	flags.DurationVar(&mc.Timeout, "model-timeout", mc.Timeout, "deadline of one model call")
	flags.StringVar(&systemFile, "system-prompt", "", "file holding the system prompt; empty uses the seed's concierge prompt")
	if err := flags.Parse(args); err != nil {
		return agent.Config{}, nil, errUsage
	}
	if err := checkModelURL(mc.URL); err != nil {
		fmt.Fprintf(e.Err, "agent: -model-url: %v\n", err)
		return agent.Config{}, nil, errUsage
	}
	cfg := agent.Config{Model: mc}
	if systemFile != "" {
		b, err := os.ReadFile(systemFile)
		if err != nil {
			return cfg, nil, err
		}
		cfg.System = string(b)
	}
	return cfg, flags.Args(), nil
}

// checkModelURL refuses what is not an http(s) base URL, before any key could be sent to it.
func checkModelURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http(s) URL such as %s", raw, agent.DefaultModelURL)
	}
	return nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
