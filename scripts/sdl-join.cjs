// Joins GraphQL SDL files (or, with --accounts, the gql`` templates of accounts-js's TypeScript
// modules) into one schema printed by graphql-js, for scripts/fetch-scale-schemas. A type the
// files use but never define (EverShop builds its WidgetSettings union at run time from the
// installed extensions) is declared as a scalar so the rest of the schema stays whole, and so is
// an enum left empty until run time (Unchained's RoleAction) given one value.
const g = require(process.env.GRAPHQL);
const fs = require('fs');

let args = process.argv.slice(2);
const accounts = args[0] === '--accounts';
if (accounts) args = args.slice(1);

const seen = new Set();
function sdl(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (!accounts) return text;
  // accounts-js writes `${config.extendTypeDefs ? 'extend' : ''} type ${config.rootQueryName || 'Query'} {`:
  // the first module to name a root type defines it, the others extend it.
  // The core module's User is a type unless the server asks for an interface.
  return [...text.matchAll(/gql`([^`]*)`/g)].map((m) => m[1].replace(/\$\{userAsInterface[^}]*\}/g, 'type').replace(
    /\$\{config\.extendTypeDefs[^}]*\}\s*type\s*\$\{config\.root\w+Name \|\| '(\w+)'\}/g,
    (_, root) => (seen.has(root) ? 'extend type ' : (seen.add(root), 'type ')) + root,
  )).join('\n');
}

const defs = [];
for (const f of args) defs.push(...g.parse(sdl(f)).definitions);
for (;;) {
  try {
    const s = g.buildASTSchema({ kind: 'Document', definitions: defs }, { assumeValidSDL: true });
    const errs = g.validateSchema(s);
    const empty = errs.map((e) => /^Enum type (\w+) must define one or more values/.exec(e.message)).filter(Boolean);
    if (empty.length) {
      for (const m of empty) defs.push(...g.parse(`extend enum ${m[1]} { UNKNOWN }`).definitions);
      continue;
    }
    if (errs.length) throw new Error(errs.map((e) => e.message).join('\n'));
    process.stdout.write(g.printSchema(s) + '\n');
    return;
  } catch (e) {
    const m = /Unknown type: "(\w+)"/.exec(e.message);
    if (!m) throw e;
    defs.push(...g.parse(`"Built at run time from the installed extensions."\nscalar ${m[1]}`).definitions);
  }
}
