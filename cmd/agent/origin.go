package main

// This file says where the settings that decide what a process may do came from: agent.yaml is
// read from the working directory, so a file nobody looked at (a cloned repository's, a shared
// folder's) could point the agent at another endpoint or catalog, or loosen its approval. The
// first line names each one's origin, and the two that loosen a defence need a flag too.

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// announced are the settings the first line accounts for, in its order.
var announced = []string{"catalog", "endpoint", "approve", "insecure-http"}

// fileOrigins records, for each top-level key of the config file at path, "ABSPATH:LINE".
// A missing file records nothing; a malformed one was already reported by readConfig.
func fileOrigins(path string, origin map[string]string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil || len(doc.Content) == 0 {
		return nil // empty: readConfig accepted it, so nothing is set
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		origin[m.Content[i].Value] = fmt.Sprintf("%s:%d", abs, m.Content[i].Line)
	}
	return nil
}

// originOf is where setting name came from: "from -flag", "from FILE:LINE", "from $ENV" or
// "default".
func (s *Settings) originOf(name string) string {
	if o := s.Origin[name]; o != "" {
		return "from " + o
	}
	return "default"
}

// fromFile reports whether setting name came from the config file, not a flag or the default.
func (s *Settings) fromFile(name string) bool {
	o := s.Origin[name]
	return o != "" && !strings.HasPrefix(o, "-") && !strings.HasPrefix(o, "$")
}

// checkFileTrust refuses the settings that weaken a defence when only the config file asks for
// them: the same flag on the command line confirms that the person running it means it. A file
// that repeats the command's own default (call's host) weakens nothing.
func (s *Settings) checkFileTrust() error {
	switch {
	case s.Approve == approveHost && s.fromFile("approve") && defaultApprove(s.cmd.name) != approveHost:
		return fmt.Errorf("%s sets approve: host, which sends every write the MCP host's own dialog lets through; a file in the working directory cannot choose that alone: pass -approve host to confirm it (or remove the line)", s.Origin["approve"])
	case s.InsecureHTTP && s.fromFile("insecure-http"):
		return fmt.Errorf("%s sets insecure-http: true, which sends the password or token over plain http to a host that is not loopback; a file in the working directory cannot choose that alone: pass -insecure-http to confirm it (or remove the line)", s.Origin["insecure-http"])
	}
	return nil
}

// settingsLine is the part of the first line after the catalog: each announced setting the
// command takes, with its value and origin, e.g. "endpoint http://api/graphql (from
// /srv/agent.yaml:2)". A setting the command ignores is not named, so the line never claims a
// mode that does not apply (confirm has no -approve).
func (s *Settings) settingsLine() string {
	var parts []string
	for _, name := range announced[1:] {
		if s.cmd.name != "" && !s.cmd.owns(name) {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s (%s)", name, s.shown(name), s.originOf(name)))
	}
	return strings.Join(parts, " · ")
}

func (s *Settings) shown(name string) string {
	switch name {
	case "endpoint":
		if s.Endpoint == "" {
			return "none"
		}
		return s.Endpoint
	case "approve":
		return s.Approve
	case "insecure-http":
		if s.InsecureHTTP {
			return "on"
		}
		return "off"
	}
	return ""
}
