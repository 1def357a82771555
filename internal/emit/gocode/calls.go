package gocode

// calls.go emits calls.go: a Tools type with one method per tool that takes the tool's argument
// struct and runs the call through a toolrt run, so a Go program uses the catalog with the same
// checks, approval gate, budget and audit trail as a model, without writing JSON by hand.

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

// The runtime the typed calls go through, and the generated type that carries them.
const (
	toolrtPath = "github.com/toolgen/toolgen/toolrt"
	toolsType  = "Tools"
	runField   = "Run"
)

// callsFile declares Tools and its methods, in catalog order.
func (e *emitter) callsFile() *jen.File {
	f := newFile(e.pkg)
	f.ImportName(toolrtPath, "toolrt")
	doc := toolsType + " calls this catalog's tools with typed arguments through a toolrt run. Each call is " +
		"checked like a model's (arguments, the role's view), counts against the run's budget, waits for " +
		"the run's approver when the tool needs approval, and is audited. Make one per run:\n\n" +
		"\ttools := " + e.pkg + "." + toolsType + "{" + runField + ": rt.NewRun(b, approver)}"
	f.Add(withDoc(comment(doc, ""), jen.Type().Id(toolsType).Struct(
		withDoc([]string{"// " + runField + " is the run the calls go through; it must not be nil."},
			jen.Id(runField).Op("*").Qual(toolrtPath, "Run")),
	)))
	methods := namer{runField: true}
	for i, t := range e.c.Tools {
		name := methods.take(goName(t.Name))
		head := fmt.Sprintf("%s calls the %s tool (%s, approval %s) with args.", name, t.Name, t.Kind, t.Approval)
		sig := jen.Func().Params(jen.Id("t").Id(toolsType)).Id(name).
			Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Id(e.names.args[i])).
			Params(jen.Qual(toolrtPath, "Result"), jen.Error())
		body := jen.Return(jen.Id("t").Dot(runField).Dot("CallArgs").Call(jen.Id("ctx"), jen.Id(e.names.consts[i]), jen.Id("args")))
		f.Line().Add(withDoc(comment(head, ""), sig.Block(body)))
	}
	return f
}
