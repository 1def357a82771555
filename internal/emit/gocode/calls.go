package gocode

// calls.go emits calls.go: a Tools type with one method per tool that takes the tool's argument
// struct, runs the call through a toolrt run and decodes the tool's typed answer (answers.go),
// so a Go program uses the catalog with the same checks, approval gate, budget and audit trail
// as a model, without writing or reading JSON by hand.

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

// callsFile declares Tools and its methods, in catalog order, each followed by its answer's types.
func (e *emitter) callsFile() *source {
	s := newSource(e.pkg)
	f := s.head
	doc := toolsType + " calls this catalog's tools with typed arguments through a toolrt run and decodes " +
		"their typed answers. Each call is checked like a model's (arguments, the role's view), counts " +
		"against the run's budget, waits for the run's approver when the tool needs approval, and is " +
		"audited. Make one per run:\n\n" +
		"\ttools := " + e.pkg + "." + toolsType + "{" + runField + ": rt.NewRun(b, approver)}"
	f.Add(withDoc(comment(doc, ""), jen.Type().Id(toolsType).Struct(
		withDoc([]string{"// " + runField + " is the run the calls go through; it must not be nil."},
			jen.Id(runField).Op("*").Qual(toolrtPath, "Run")),
	)))
	methods := namer{runField: true}
	for i, t := range e.c.Tools {
		name := methods.take(goName(t.Name))
		answer := e.names.scope.take(goName(t.Name) + "Answer")
		head := fmt.Sprintf("%s calls the %s tool (%s, approval %s) with args and decodes its answer. The "+
			"Result holds the call's outcome and the answer's JSON as sent (Data); the error is nil "+
			"exactly when the answer is set (see toolrt.Run.CallArgs).", name, t.Name, t.Kind, t.Approval)
		sig := jen.Func().Params(jen.Id("t").Id(toolsType)).Id(name).
			Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Id(e.names.args[i])).
			Params(jen.Op("*").Id(answer), jen.Qual(toolrtPath, "Result"), jen.Error())
		body := []jen.Code{
			jen.Var().Id("answer").Id(answer),
			jen.List(jen.Id("res"), jen.Err()).Op(":=").Id("t").Dot(runField).Dot("CallArgs").
				Call(jen.Id("ctx"), jen.Id(e.names.consts[i]), jen.Id("args"), jen.Op("&").Id("answer")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Id("res"), jen.Err())),
			jen.Return(jen.Op("&").Id("answer"), jen.Id("res"), jen.Nil()),
		}
		s.declare(withDoc(comment(head, ""), sig.Block(body...)))
		for _, decl := range e.answerDecls(i, answer) {
			s.declare(decl)
		}
	}
	return s
}
