// Package templates holds the reviewer-editable look of toolgen's generated pages, embedded so
// that toolgen needs no files beside its binary. Edit a .tmpl file and run go generate ./... to
// see the result; the Go side decides what the pages say, these files how they read.
//
// catalog.md.tmpl renders generated/CATALOG.md with text/template. Its data and functions are
// documented at the top of the file; internal/emit/review supplies them.
package templates

import "embed"

// FS holds every *.tmpl file of this directory. It is a variable because go:embed fills only
// variables; an embed.FS is read-only, so no caller can change it.
//
//go:embed *.tmpl
var FS embed.FS
