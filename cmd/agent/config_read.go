package main

// This file reads agent.yaml one key at a time, so that every mistake is reported as
// "agent.yaml:LINE:COL: what is wrong; how to fix it": an unknown key names the one meant, a
// value of the wrong kind says what the setting takes, and no Go type name reaches the person.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// decodeConfig decodes the agent.yaml text data (named path in messages) into s.
func decodeConfig(path string, data []byte, s *Settings) error {
	if !bytes.HasPrefix(data, []byte{0xFF, 0xFE}) && !bytes.HasPrefix(data, []byte{0xFE, 0xFF}) { // yaml.v3 reads UTF-16
		text, bad := diag.Text(path, data)
		if bad != nil {
			return errors.New(bad.String())
		}
		data = text
	}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // empty: the defaults stand
		}
		return yamlSyntax(path, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Tag == "!!null" {
		return nil
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d:%d: the settings must be key: value lines (endpoint: http://…), not %s; write one setting per line, named as its flag",
			path, m.Line, m.Column, nodeKind(m))
	}
	keys := settingKeys()
	seen := map[string]int{}
	var problems []error
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		at := fmt.Sprintf("%s:%d:%d", path, k.Line, k.Column)
		t, known := keys[k.Value]
		switch {
		case seen[k.Value] > 0:
			problems = append(problems, fmt.Errorf("%s: %s is set twice (first on line %d); keep one", at, k.Value, seen[k.Value]))
			continue
		case !known:
			problems = append(problems, errors.New(at+": "+unknownKey(k.Value, keys)))
			continue
		}
		seen[k.Value] = k.Line
		one := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{k, v}}
		if err := one.Decode(s); err != nil {
			msg := wrongValue(v, t, err)
			if !strings.HasPrefix(msg, k.Value) {
				msg = k.Value + ": " + msg
			}
			problems = append(problems, fmt.Errorf("%s:%d:%d: %s", path, v.Line, v.Column, msg))
		}
	}
	return errors.Join(problems...)
}

// settingKeys are agent.yaml's keys (the flags' names) with the type each decodes into.
func settingKeys() map[string]reflect.Type {
	keys := map[string]reflect.Type{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for f := range t.Fields() {
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			switch {
			case opts == "inline":
				walk(f.Type)
			case name != "" && name != "-":
				keys[name] = f.Type
			}
		}
	}
	walk(reflect.TypeFor[Settings]())
	return keys
}

func unknownKey(key string, keys map[string]reflect.Type) string {
	msg := fmt.Sprintf("unknown key %q", key)
	lower := strings.ToLower(key)
	if strings.Contains(lower, "password") || strings.Contains(lower, "secret") || lower == "token" || strings.HasSuffix(lower, "-key") {
		return msg + "; a credential is never read from a file: set AGENT_PASSWORD (or AGENT_TOKEN, AGENT_MODEL_KEY) in the environment"
	}
	names := make([]string, 0, len(keys))
	for n := range keys {
		names = append(names, n)
	}
	if c := suggest.Closest(key, names); c != "" {
		return fmt.Sprintf("%s; did you mean %q?", msg, c)
	}
	return msg + "; the keys are the flags' names without the dash (`agent COMMAND -h` lists them)"
}

var durationType = reflect.TypeFor[time.Duration]()

// wrongValue says what a setting of type t takes, after the decoder refused v.
func wrongValue(v *yaml.Node, t reflect.Type, err error) string {
	got := nodeKind(v)
	var want string
	switch {
	case t == durationType:
		want = "a duration with its unit, such as 30s, 2m or 1h"
	case t.Kind() == reflect.Int:
		want = "a whole number, such as 10"
	case t.Kind() == reflect.Bool:
		want = "true or false"
	case t.Kind() == reflect.String:
		want = "one value (quote it if it holds ': ' or starts with a special character)"
	case t.Kind() == reflect.Slice:
		want = "a list, such as [\"x-hasura-role: user\"]"
	default:
		// A setting with its own syntax (max-calls-per-caller, review-reads) says what it wants.
		return typeErrorText(err) + "; see `agent COMMAND -h`"
	}
	return fmt.Sprintf("want %s, not %s", want, got)
}

var typeErrorLine = regexp.MustCompile(`(?m)^\s*line \d+: `)

func typeErrorText(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n")
	return strings.TrimSpace(typeErrorLine.ReplaceAllString(msg, ""))
}

func nodeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return fmt.Sprintf("%q", n.Value)
}

var syntaxLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlSyntax positions a syntax error of yaml.v3 ("yaml: line 2: found a tab character …").
func yamlSyntax(path string, err error) error {
	msg := err.Error()
	at := path
	if m := syntaxLine.FindStringSubmatch(msg); m != nil {
		at, msg = path+":"+m[1], m[2]
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	fix := "fix the YAML: one key: value per line, indented with spaces"
	if strings.Contains(msg, "tab") {
		fix = "indent with spaces: YAML does not allow tabs"
	}
	return fmt.Errorf("%s: invalid YAML: %s; %s", at, msg, fix)
}
