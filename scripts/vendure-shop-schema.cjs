// Assembles Vendure's Shop API from the .graphql files @vendure/core ships, completing what
// Vendure adds at run time with its default configuration: every *ListOptions input gets
// skip/take/sort/filter/filterOperator with a SortParameter and a FilterParameter per entity
// (as Vendure's generateListOptions does), AuthenticationInput gets the native strategy, and
// the inputs that only custom fields fill get customFields: JSON, and the Permission enum its
// built-in values.
// Usage: GRAPHQL=<graphql-js package dir> node vendure-shop-schema.cjs in.graphql > out.graphql
const g = require(process.env.GRAPHQL);
const fs = require("fs");

const doc = g.parse(fs.readFileSync(process.argv[2], "utf8"));
const objects = new Map(doc.definitions.filter((d) => d.kind === "ObjectTypeDefinition").map((d) => [d.name.value, d]));
const enums = new Set(doc.definitions.filter((d) => d.kind === "EnumTypeDefinition").map((d) => d.name.value));
const operators = { ID: "IDOperators", String: "StringOperators", Boolean: "BooleanOperators", Int: "NumberOperators", Float: "NumberOperators", Money: "NumberOperators", DateTime: "DateOperators" };
const sortable = new Set(["ID", "String", "Int", "Float", "Money", "DateTime"]);

const field = (name, type) => `  ${name}: ${type}`;
const extra = [];
const body = (d) => (d.fields || []).map((f) => field(f.name.value, g.print(f.type)));

// scalarFields are an entity's non-list scalar and enum fields, as Vendure filters and sorts by.
function scalarFields(entity) {
  const out = [];
  for (const f of entity.fields || []) {
    let t = f.type;
    if (t.kind === "NonNullType") t = t.type;
    if (t.kind !== "NamedType" || (f.arguments && f.arguments.length)) continue;
    const name = t.name.value;
    if (operators[name] || enums.has(name)) out.push([f.name.value, name]);
  }
  return out;
}

const printed = doc.definitions.map((d) => {
  if (d.kind === "EnumTypeDefinition" && d.name.value === "Permission" && !(d.values || []).length) {
    // Vendure lists every permission of its plugins here; the four built-in ones stand in.
    return "enum Permission {\n  Authenticated\n  SuperAdmin\n  Owner\n  Public\n}";
  }
  if (d.kind !== "InputObjectTypeDefinition") return g.print(d);
  const name = d.name.value;
  const fields = body(d);
  if (name.endsWith("ListOptions") && objects.has(name.slice(0, -"ListOptions".length))) {
    const e = name.slice(0, -"ListOptions".length);
    const scalars = scalarFields(objects.get(e));
    fields.push(field("skip", "Int"), field("take", "Int"), field("sort", e + "SortParameter"), field("filter", e + "FilterParameter"), field("filterOperator", "LogicalOperator"));
    extra.push(`input ${e}SortParameter {\n${scalars.filter(([, t]) => sortable.has(t)).map(([n]) => field(n, "SortOrder")).join("\n")}\n}`);
    const filters = scalars.map(([n, t]) => field(n, operators[t] || "StringOperators"));
    filters.push(field("_and", `[${e}FilterParameter!]`), field("_or", `[${e}FilterParameter!]`));
    extra.push(`input ${e}FilterParameter {\n${filters.join("\n")}\n}`);
  } else if (name === "AuthenticationInput") {
    fields.push(field("native", "NativeAuthInput"));
    extra.push("input NativeAuthInput {\n  username: String!\n  password: String!\n}");
  } else if (fields.length === 0) {
    fields.push(field("customFields", "JSON"));
  }
  const desc = d.description ? g.print(d.description) + "\n" : "";
  return `${desc}input ${name} {\n${fields.join("\n")}\n}`;
});
process.stdout.write(printed.concat(extra).join("\n\n") + "\n");
