package gocode

// answers.go emits the typed answer of each tool, as genqlient shapes a response: one struct per
// selected object, named by its path from the tool (MovieAnswer, MovieAnswerMovie,
// MovieAnswerMovieDirectors), with one field per response key (aliases included). A nullable
// value is a pointer (a list: a nil slice), an enum its generated type, a scalar its Go type.
//
// An interface or union field whose operation fragments on some members gets one pointer per
// fragment beside the fields selected on every member (SearchAnswerSearch.Movie), set when
// __typename names a type the fragment applies to. genqlient declares a Go interface with one
// struct per member instead; pointers on one struct decode with encoding/json alone in lists
// and nested objects (one UnmarshalJSON on the struct itself, none on every holder), keep the
// common fields in one place, and read as plainly as `if r.Movie != nil`. Without __typename
// nothing tells the members apart, and the compiler folds their fields into the struct.

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/catalog"
)

// answerDecls declares the answer struct of tool i, named name, and every struct it holds,
// parents before children.
func (e *emitter) answerDecls(i int, name string) []jen.Code {
	t := e.c.Tools[i]
	doc := fmt.Sprintf("%s is the answer of the %s tool: the data its operation (%s) selects.", name, t.Name, t.OperationName)
	var out []jen.Code
	e.answerStruct(name, doc, t.Answer, nil, &out)
	return out
}

// answerStruct declares the struct name of one answer object and, into out after it, the
// structs of its fields and members.
func (e *emitter) answerStruct(name, doc string, fields []catalog.Selected, members []catalog.Member, out *[]jen.Code) {
	at := len(*out)
	*out = append(*out, nil) // this struct's place, before its children
	scope := namer{}
	codes := make([]jen.Code, 0, len(fields)+len(members))
	typename := ""
	for _, f := range fields {
		goField := scope.take(e.keyName(f.Key))
		if f.Field == "__typename" && typename == "" {
			typename = goField
		}
		codes = append(codes, e.answerField(name, goField, f, out))
	}
	var picks []memberPick
	for _, m := range members {
		on := e.keyName(m.On)
		goField, typ := scope.take(on), e.names.scope.take(name+on)
		mdoc := fmt.Sprintf("%s is what %s selects when it is a %s (the fragment on %s).", typ, name, strings.Join(m.Types, " or "), m.On)
		e.answerStruct(typ, mdoc, m.Fields, nil, out)
		doc := fmt.Sprintf("%s is set when %s names %s.", goField, typename, strings.Join(m.Types, " or "))
		codes = append(codes, withDoc(comment(doc, ""), jen.Id(goField).Op("*").Id(typ).Tag(map[string]string{"json": "-"})))
		picks = append(picks, memberPick{field: goField, typ: typ, types: m.Types})
	}
	decl := withDoc(comment(doc, ""), jen.Type().Id(name).Struct(codes...))
	if len(picks) > 0 {
		decl = jen.Add(decl).Line().Line().Add(unmarshalMembers(name, typename, picks))
	}
	(*out)[at] = decl
}

// answerField declares one key of an answer struct; an object's struct goes into out.
func (e *emitter) answerField(owner, goField string, f catalog.Selected, out *[]jen.Code) jen.Code {
	var base jen.Code
	nilable := false
	if f.Fields != nil || f.Members != nil {
		typ := e.names.scope.take(owner + goField)
		doc := fmt.Sprintf("%s is the %s in %s (GraphQL type %s).", typ, f.Key, owner, baseName(f.Type))
		e.answerStruct(typ, doc, f.Fields, f.Members, out)
		base = jen.Id(typ)
	} else {
		base, nilable = e.typer.named(baseName(f.Type)), e.typer.nilable(baseName(f.Type))
	}
	field := jen.Id(goField).Add(answerRef(f.Type, base, nilable)).Tag(map[string]string{"json": f.Key})
	return withDoc(e.answerDocs.comment(f.Description, ""), field)
}

// answerRef wraps base as ref holds it: a list as a slice (null is nil), a nullable value as a
// pointer unless its Go type has a nil of its own.
func answerRef(ref catalog.TypeRef, base jen.Code, nilable bool) *jen.Statement {
	switch {
	case ref.Elem != nil:
		return jen.Index().Add(answerRef(*ref.Elem, base, nilable))
	case ref.NonNull || nilable:
		return jen.Add(base)
	}
	return jen.Op("*").Add(base)
}

// memberPick is one member pointer and the object types that set it.
type memberPick struct {
	field, typ string
	types      []string
}

// unmarshalMembers declares UnmarshalJSON for a struct with member pointers: the fields first
// (through a type without the method, so it does not call itself), then every member whose
// types include the value's __typename.
func unmarshalMembers(name, typename string, picks []memberPick) jen.Code {
	body := []jen.Code{
		jen.Type().Id("fields").Id(name),
		jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Parens(jen.Op("*").Id("fields")).Call(jen.Id("v"))), jen.Err().Op("!=").Nil()).
			Block(jen.Return(jen.Err())),
	}
	for _, p := range picks {
		cases := make([]jen.Code, len(p.types))
		for i, t := range p.types {
			cases[i] = jen.Lit(t)
		}
		body = append(body, jen.Switch(jen.Id("v").Dot(typename)).Block(jen.Case(cases...).Block(
			jen.Id("v").Dot(p.field).Op("=").New(jen.Id(p.typ)),
			jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Id("v").Dot(p.field)), jen.Err().Op("!=").Nil()).
				Block(jen.Return(jen.Err())),
		)))
	}
	body = append(body, jen.Return(jen.Nil()))
	doc := fmt.Sprintf("UnmarshalJSON decodes the fields of a %s, then the member pointers that its %s picks.", name, typename)
	return withDoc(comment(doc, ""), jen.Func().Params(jen.Id("v").Op("*").Id(name)).Id("UnmarshalJSON").
		Params(jen.Id("data").Index().Byte()).Error().Block(body...))
}

// baseName is the named type under a reference's lists.
func baseName(ref catalog.TypeRef) string {
	for ref.Elem != nil {
		ref = *ref.Elem
	}
	return ref.Named
}
