// Rebuilds a GraphQL schema as SDL from the TypeScript types that graphql-codegen's typescript
// plugin wrote for it, the only form in which some real schemas ship in npm packages:
// @auth/hasura-adapter's src/lib/generated/graphql.ts (a Hasura v2 API) and @mondaydotcomorg/api's
// dist/esm/lib/generated/sdk.d.ts (monday.com's API).
//
//   GRAPHQL=<graphql-js package dir> node codegen-ts-schema.cjs [--hasura] types.ts > schema.graphql
//
// The plugin's output is regular: an object type is `export type T = {` with `f: X` /
// `f?: Maybe<X>` fields (and `__typename?: 'T'` when the plugin writes typenames), an input object
// the same with InputMaybe and ['input'] scalars, an enum a union of string literals or a TS enum
// (`export declare enum E { Name = "value", … }`), a union `export type U = A | B;`, a field's
// arguments `export type <T><Field>Args = {`, and `/** … */` descriptions. Where the plugin writes
// typenames, an object type without one is an interface, implemented by every object type that
// has all its fields. --hasura lower-cases type names the way Hasura writes them
// (accounts_bool_exp, String_comparison_exp). Defaults are not in the types and are lost. The
// operation types that follow the schema's (`…Variables = Exact<{`) are not read. graphql-js
// builds the result, so a misread type fails here rather than in a test.
"use strict";
const fs = require("fs");
const g = require(process.env.GRAPHQL || "graphql");

const args = process.argv.slice(2);
const hasura = args[0] === "--hasura";
const file = hasura ? args[1] : args[0];
const src = fs.readFileSync(file, "utf8").split("\n");
const builtin = new Set(["ID", "String", "Boolean", "Int", "Float"]);
const types = new Map(); // TS name → {kind, desc, fields: [{name, desc, ts}], values: [{name, desc}], members}
const scalars = new Set();
let typenames = false; // the plugin wrote __typename on object types

// comment reads the /** … */ starting at line i; it returns the text and the comment's last line.
function comment(i) {
  let text = src[i].trim();
  while (!text.endsWith("*/") && i + 1 < src.length) text += "\n" + src[++i].trim();
  return [text.replace(/^\/\*\*\s*/, "").replace(/\s*\*\/$/, "").replace(/^\s*\*\s?/gm, "").trim(), i];
}

// body reads the lines after line i up to the one end matches (not included) or until member
// says it read the last: each line with the /** … */ before it. It returns the last line read.
function body(i, end, member) {
  let desc = "";
  for (i++; i < src.length && !end.test(src[i].trim()); i++) {
    const line = src[i].trim();
    if (line.startsWith("/**")) {
      [desc, i] = comment(i);
      continue;
    }
    const last = member(line, desc, i);
    desc = "";
    if (last) break;
  }
  return i;
}

const expect = (m, what, line, i) => {
  if (!m) throw new Error(`${file}:${i + 1}: unexpected ${what} ${line}`);
  return m;
};

let desc = "";
for (let i = 0; i < src.length; i++) {
  const line = src[i].trim();
  if (/Variables = Exact<\{$/.test(line)) break; // the operations' types, not the schema's
  if (line.startsWith("/**")) {
    [desc, i] = comment(i);
    continue;
  }
  let m, t;
  if ((m = /^export type (\w+) = \{$/.exec(line)) && m[1] !== "Scalars") {
    t = { kind: "object", desc, fields: [] };
    i = body(i, /^\};$/, (f, d, at) => {
      if (/^__typename\?: '\w+';$/.test(f)) {
        t.typename = typenames = true;
        return false;
      }
      const fm = expect(/^(\w+)(\??): (.+);$/.exec(f), "field", f, at);
      t.fields.push({ name: fm[1], desc: d, ts: fm[3], optional: fm[2] === "?" });
      if (/InputMaybe<|\['input'\]/.test(fm[3])) t.kind = "input";
      return false;
    });
  } else if ((m = /^export type (\w+) =$/.exec(line))) {
    t = { kind: "enum", desc, values: [] };
    i = body(i, /(?!)/, (v, d, at) => { // no closing line: the value with ";" is the last
      const vm = expect(/^\| '(\w+)'(;?)$/.exec(v), "enum value", v, at);
      t.values.push({ name: vm[1], desc: d });
      return vm[2] !== "";
    });
  } else if ((m = /^export (?:declare )?enum (\w+) \{$/.exec(line))) {
    t = { kind: "enum", desc, values: [] };
    i = body(i, /^\}$/, (v, d, at) => {
      t.values.push({ name: expect(/^\w+ = "(\w+)",?$/.exec(v), "enum value", v, at)[1], desc: d });
      return false;
    });
  } else if ((m = /^export type (\w+) = (\w+(?: \| \w+)+);$/.exec(line))) {
    t = { kind: "union", desc, members: m[2].split(" | ") };
  }
  if (t) types.set(m[1], t);
  if (line !== "") desc = "";
}

// Where objects carry typenames, one without is an interface; its implementations are the
// objects that have every one of its fields.
if (typenames) {
  for (const t of types.values()) {
    if (t.kind === "object" && !t.typename) t.kind = "interface";
  }
  for (const [name, t] of types) {
    if (t.kind !== "interface") continue;
    for (const [oname, o] of types) {
      if (o.kind === "object" && t.fields.every((f) => o.fields.some((of) => of.name === f.name && of.ts === f.ts))) {
        (o.implements ||= []).push(name);
      }
    }
  }
}

// Hasura's own spelling: lower case, except a built-in scalar's name that starts a type name.
const gqlName = (ts) => {
  if (!hasura) return ts;
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
  if (t.kind !== "object" && t.kind !== "interface") continue;
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
  if (t.kind === "union") {
    // a member the plugin did not write (monday's MirroredValue names 40 column-value types
    // its sdk.d.ts leaves out) is left out of the union, and said so
    const known = t.members.filter((m) => types.has(m));
    if (known.length < t.members.length) {
      process.stderr.write(`${file}: union ${name}: ${t.members.length - known.length} member(s) not in the file, left out\n`);
    }
    if (known.length > 0) out += `union ${gqlName(name)} = ${known.map(gqlName).join(" | ")}\n\n`;
    continue;
  }
  const impl = t.implements ? ` implements ${t.implements.map(gqlName).join(" & ")}` : "";
  out += `${t.kind === "input" ? "input" : t.kind === "interface" ? "interface" : "type"} ${gqlName(name)}${impl} {\n`;
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
// The root types: Hasura's query_root (Query_Root in the TS), else Query.
const root = (names) => [...types.keys()].find((n) => names.includes(gqlName(n)) && types.get(n).kind === "object");
const roots = [["query", root(["query_root", "Query"])], ["mutation", root(["mutation_root", "Mutation"])], ["subscription", root(["subscription_root", "Subscription"])]];
out += "schema {\n" + roots.filter(([, n]) => n).map(([op, n]) => `  ${op}: ${gqlName(n)}\n`).join("") + "}\n";
process.stdout.write(g.printSchema(g.buildSchema(out)) + "\n");
