package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPackageNameFromOut(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"generated": "generated", "internal/ai-tools": "aitools", "./Tools/": "tools",
		"api/v2": "v2", "2fa": "fa", ".": "toolgen", "type": "tools", "/": "tools", "gen_tools": "gen_tools",
	} {
		if got := packageName(out); got != want {
			t.Errorf("packageName(%q) = %q, want %q", out, got, want)
		}
	}
}

// The package defaults to the output folder's name, -package overrides it, and the header names
// the inputs that were used.
func TestPackageFlagAndHeader(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	args[len(args)-1] = filepath.Join(dir, "internal", "ai-tools")
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if src := readFile(t, filepath.Join(dir, "internal", "ai-tools", "tools.go")); !strings.Contains(src, "\npackage aitools\n") {
		t.Errorf("default package is not the folder's name:\n%.300s", src)
	}
	if code, _, stderr := toolgen(t, append(args, "-package", "tools")...); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	src := readFile(t, filepath.Join(dir, "internal", "ai-tools", "catalog.go"))
	if !strings.Contains(src, "\npackage tools\n") || !strings.Contains(src, "// Package tools is") {
		t.Errorf("-package tools not applied:\n%.400s", src)
	}
	if code, _, stderr := toolgen(t, append(args, "-package", "my-tools")...); code == 0 || !strings.Contains(stderr, `"my-tools"`) || !strings.Contains(stderr, "-package") {
		t.Errorf("an invalid package name: exit %d, want an error naming it and -package:\n%s", code, stderr)
	}
}

// Relative inputs other than the defaults are named in the header and in the -check hint, never
// schema.graphql or go generate ./....
func TestMessagesNameTheFilesUsed(t *testing.T) {
	dir, _ := workspace(t)
	os.Rename(filepath.Join(dir, "schema.graphql"), filepath.Join(dir, "api.graphql"))
	os.Rename(filepath.Join(dir, "allowlist.yaml"), filepath.Join(dir, "tools.yaml"))
	os.Rename(filepath.Join(dir, "tool-selections"), filepath.Join(dir, "sel"))
	t.Chdir(dir)
	args := []string{"-schema", "api.graphql", "-allowlist", "tools.yaml", "-selections", "sel", "-out", "agent"}
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	src := readFile(t, filepath.Join("agent", "catalog.go"))
	if !strings.Contains(src, "api.graphql") || !strings.Contains(src, "tools.yaml") || strings.Contains(src, "schema.graphql") || strings.Contains(src, "go generate ./...") {
		t.Errorf("header does not name the inputs used:\n%.400s", src)
	}
	if op := readFile(t, filepath.Join("agent", "operations", "search.graphql")); !strings.Contains(op, "from sel/search.graphql.") {
		t.Errorf("an override's operation does not name the file used:\n%.200s", op)
	}
	os.Remove(filepath.Join("agent", "tools.go"))
	code, _, stderr := toolgen(t, append(args, "-check")...)
	want := "run toolgen -schema api.graphql -allowlist tools.yaml -selections sel -out agent and commit"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("-check on stale output: exit %d, want the hint %q:\n%s", code, want, stderr)
	}
	code, _, stderr = toolgen(t, "-schema", "api.graphql", "-allowlist", "none.yaml")
	if code != 1 || !strings.Contains(stderr, "toolgen init -schema api.graphql -o none.yaml") {
		t.Errorf("a missing allow-list: exit %d, want the init command that writes it\n%s", code, stderr)
	}
	code, _, stderr = toolgen(t, "-schema", "missing.graphql", "-allowlist", "tools.yaml")
	if code != 1 || !strings.Contains(stderr, "missing.graphql") || strings.Contains(stderr, "schema.graphql") {
		t.Errorf("a missing schema is not named: exit %d\n%s", code, stderr)
	}
}

// toolgen -h and toolgen help list the commands and exit 0.
func TestHelpListsCommands(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-h"}, {"help"}} {
		code, stdout, stderr := toolgen(t, args...)
		text := stdout + stderr
		if code != 0 || !strings.Contains(text, "introspect") || !strings.Contains(text, "init") || !strings.Contains(text, "usage: toolgen") {
			t.Errorf("%v: exit %d\n%s", args, code, text)
		}
	}
}
