package agent

import (
	"strings"
	"testing"
)

// The unreachable-model hint names Ollama's commands only for Ollama's own address.
func TestUnreachableHintFitsTheURL(t *testing.T) {
	t.Parallel()
	for url, ollama := range map[string]bool{
		"http://localhost:11434/v1":     true,
		"http://127.0.0.1:11434/v1":     true,
		"http://[::1]:11434/v1":         true,
		"https://api.openai.com/v1":     false,
		"http://localhost:8000/v1":      false, // vLLM's default
		"http://gpu-box.lan:11434/v1":   false,
		"http://localhost:1234/v1":      false, // LM Studio
		"https://example.com:11434/v1x": false,
	} {
		m := &model{cfg: ModelConfig{URL: url, Model: "gpt-4.1-mini"}}
		if got := strings.Contains(m.unreachableHint(), "ollama"); got != ollama {
			t.Errorf("%s: hint %q mentions ollama = %v, want %v", url, m.unreachableHint(), got, ollama)
		}
	}
}
