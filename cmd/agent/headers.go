package main

// headers.go holds -header, the fixed headers a deployment adds to every request (a role header,
// an API version). They are settings, so they are never secrets: toolrt refuses a name that
// reads as a credential and says to use AGENT_TOKEN with -token-header instead.

import (
	"errors"
	"strings"

	"github.com/toolgen/toolgen/toolrt"
)

// headerList is the repeatable -header flag and agent.yaml's header: list.
type headerList []string

func (h *headerList) String() string { return strings.Join(*h, ", ") }

// Set adds one "Name: value"; toolrt checks them all together with -token-header.
func (h *headerList) Set(s string) error {
	if !strings.Contains(s, ":") {
		return errors.New(`want "Name: value"`)
	}
	*h = append(*h, s)
	return nil
}

// headerError names the flag a toolrt.HeaderError is about in place of the Config field.
func headerError(err error) error {
	var he *toolrt.HeaderError
	if !errors.As(err, &he) {
		return err
	}
	if he.Field == "TokenHeader" {
		return errors.New("-token-header: " + he.Err.Error())
	}
	msg := he.Err.Error()
	if he.Secret {
		msg += " (export it as " + TokenEnv + " and pass -token-header)"
	}
	return errors.New("-header: " + msg)
}
