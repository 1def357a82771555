// Rebuilds a Hasura-generated GraphQL schema as SDL from the TypeScript types that
// graphql-codegen's typescript plugin wrote for it (the only form in which a real Hasura schema
// ships in an npm package that we found: @auth/hasura-adapter's src/lib/generated/graphql.ts).
//
//   GRAPHQL=<graphql-js package dir> node hasura-ts-schema.cjs graphql.ts > schema.graphql
//
// The plugin's output is regular: an object type is `export type T = {` with `f: X` /
// `f?: Maybe<X>` fields, an input object the same with InputMaybe and ['input'] scalars, an enum a
// union of string literals, a field's arguments `export type <T><Field>Args = {`, and `/** … */`
// descriptions. Type names come back as the plugin wrote them, lower-cased the way Hasura names
// them (accounts_bool_exp, String_comparison_exp); defaults are not in the types and are lost.
// graphql-js builds the result, so a misread type fails here rather than in a test.
"use strict";
const fs = require("fs");
const g = require(process.env.GRAPHQL || "graphql");

const src = fs.readFileSync(process.argv[2], "utf8").split("\n");
const builtin = new Set(["ID", "String", "Boolean", "Int", "Float"]);
const types = new Map(); // TS name → {kind, desc, fields: [{name, desc, ts}], values: [{name, desc}]}
const scalars = new Set();

let desc = "";
for (let i = 0; i < src.length; i++) {
  const line = src[i].trim();
  if (line.startsWith("/**")) {
    let text = line;
    while (!text.endsWith("*/") && i + 1 < src.length) text += "\n" + src[++i].trim();
    desc = text.replace(/^\/\*\*\s*/, "").replace(/\s*\*\/$/, "").replace(/^\s*\*\s?/gm, "").trim();
    continue;
  }
  let m;
  if ((m = /^export type (\w+) = \{$/.exec(line)) && m[1] !== "Scalars") {
    const t = { kind: "object", desc, fields: [] };
    desc = "";
    for (i++; i < src.length && src[i].trim() !== "};"; i++) {
      const f = src[i].trim();
      if (f.startsWith("/**")) {
        desc = f.replace(/^\/\*\*\s*/, "").replace(/\s*\*\/$/, "");
        continue;
      }
      const fm = /^(\w+)(\??): (.+);$/.exec(f);
      if (!fm) throw new Error(`${process.argv[2]}:${i + 1}: unexpected field ${f}`);
      t.fields.push({ name: fm[1], desc, ts: fm[3], optional: fm[2] === "?" });
      if (/InputMaybe<|\['input'\]/.test(fm[3])) t.kind = "input";
      desc = "";
    }
    types.set(m[1], t);
  } else if ((m = /^export type (\w+) =$/.exec(line))) {
    const t = { kind: "enum", desc, values: [] };
    desc = "";
    for (i++; i < src.length; i++) {
      const v = src[i].trim();
      if (v.startsWith("/**")) {
        desc = v.replace(/^\/\*\*\s*/, "").replace(/\s*\*\/$/, "");
        continue;
      }
      const vm = /^\| '(\w+)'(;?)$/.exec(v);
      if (!vm) throw new Error(`${process.argv[2]}:${i + 1}: unexpected enum value ${v}`);
      t.values.push({ name: vm[1], desc });
      desc = "";
      if (vm[2]) break;
    }
    types.set(m[1], t);
  } else if (line !== "") {
    desc = "";
  }
}

// Hasura's own spelling: lower case, except a built-in scalar's name that starts a type name.
const gqlName = (ts) => {
  const [head, ...rest] = ts.split("_");
  const first = builtin.has(head) ? head : head.toLowerCase();
  return [first, ...rest.map((s) => s.toLowerCase())].join("_");
};
const pascal = (field) => field.split("_").map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join("_");

// gqlType turns the plugin's type expression into a GraphQL type; nonNull is false for an
// optional or Maybe field.
function gqlType(ts, nonNull) {
  let m;
  if ((m = /^(?:Input)?Maybe<(.+)>$/.exec(ts))) return gqlType(m[1], false);
  const bang = nonNull ? "!" : "";
  if ((m = /^Array<(.+)>$/.exec(ts))) return `[${gqlType(m[1], true)}]${bang}`;
  if ((m = /^Scalars\['(\w+)'\]\['(?:input|output)'\]$/.exec(ts))) {
    if (!builtin.has(m[1])) scalars.add(m[1]);
    return m[1] + bang;
  }
  if (!types.has(ts)) throw new Error(`unknown type ${ts}`);
  return gqlName(ts) + bang;
}

const quote = (d, indent) => (d ? `${indent}${JSON.stringify(d)}\n` : "");
const argsOf = new Set();
let out = "";
for (const [name, t] of types) {
  if (t.kind !== "object") continue;
  for (const f of t.fields) {
    const args = types.get(name + pascal(f.name) + "Args");
    if (args) {
      argsOf.add(name + pascal(f.name) + "Args");
      f.args = args.fields;
    }
  }
}
for (const [name, t] of types) {
  if (argsOf.has(name) || /^(Exact|Make|Incremental)/.test(name)) continue;
  out += quote(t.desc, "");
  if (t.kind === "enum") {
    out += `enum ${gqlName(name)} {\n` + t.values.map((v) => quote(v.desc, "  ") + `  ${v.name}\n`).join("") + "}\n\n";
    continue;
  }
  out += `${t.kind === "input" ? "input" : "type"} ${gqlName(name)} {\n`;
  for (const f of t.fields) {
    let args = "";
    if (f.args) {
      args = "(" + f.args.map((a) => `${a.desc ? JSON.stringify(a.desc) + " " : ""}${a.name}: ${gqlType(a.ts, !a.optional)}`).join(", ") + ")";
    }
    out += quote(f.desc, "  ") + `  ${f.name}${args}: ${gqlType(f.ts, !f.optional)}\n`;
  }
  out += "}\n\n";
}
out = [...scalars].sort().map((s) => `scalar ${s}\n`).join("") + "\n" + out;
out += "schema {\n  query: query_root\n  mutation: mutation_root\n  subscription: subscription_root\n}\n";
process.stdout.write(g.printSchema(g.buildSchema(out)) + "\n");
