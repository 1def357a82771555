// Validates every operation document against its schema with graphql-js. Usage:
//   node validate.mjs SCHEMA.graphql DOCUMENTS.json
// where DOCUMENTS.json is {"tool": "document", ...} (or a catalog.json, whose tools carry
// "operation"). Prints one line per invalid document and a closing count.
import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";

const [schemaPath, docsPath] = process.argv.slice(2);
// The schema is the API's, not ours to judge: graphql-js 17 adds schema rules (a deprecated
// implementation of a non-deprecated interface field) that GitHub's published schema breaks.
// Only the documents are under test here.
const schema = buildSchema(readFileSync(schemaPath, "utf8"), { assumeValid: true, assumeValidSDL: true });
const raw = JSON.parse(readFileSync(docsPath, "utf8"));
const docs = Array.isArray(raw.tools)
  ? Object.fromEntries(raw.tools.map((t) => [t.name, t.operation]))
  : raw;

let passed = 0;
let failed = 0;
for (const [name, text] of Object.entries(docs)) {
  let errors;
  try {
    errors = validate(schema, parse(text));
  } catch (e) {
    errors = [e];
  }
  if (errors.length === 0) {
    passed++;
    continue;
  }
  failed++;
  console.log(`${name}: ${errors[0].message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`);
}
console.log(`graphql-js accepted ${passed} of ${passed + failed} documents`);
process.exit(failed === 0 ? 0 : 1);
