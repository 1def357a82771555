// An external MCP client for `agent mcp`: the official TypeScript SDK spawns the server over
// stdio against the demo server at $AGENT_ENDPOINT and checks the tools, a read, and the elicitation gate
// on a write (decline sends nothing, accept sends exactly once). Run by scripts/mcp-ts-client-test.
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const server = process.env.AGENT_MCP_COMMAND
  ? process.env.AGENT_MCP_COMMAND.split(" ")
  : ["go", "run", "./cmd/agent"];
const args = [...server.slice(1), "mcp", "-role", "concierge", "-user", "user", "-approve", "elicit", "-max-tool-calls", "12"];

const answers = [];
const asked = [];
const client = new Client({ name: "toolgen-ts-client-test", version: "0.0.0" }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, async (req) => {
  asked.push(req.params.message);
  return { action: answers.shift() ?? "cancel" };
});

const text = (res) => res.content.map((c) => c.text).join("");

async function listOneItems() {
  const res = await client.callTool({ name: "myWatchLists", arguments: {} });
  assert.equal(res.isError ?? false, false, text(res));
  const lists = JSON.parse(text(res)).data.myWatchLists;
  return lists.find((l) => l.id === "1").itemCount;
}

async function main() {
  const transport = new StdioClientTransport({
    command: server[0], args, cwd: repo, stderr: "inherit",
    env: { ...process.env, AGENT_PASSWORD: "user123" },
  });
  await client.connect(transport);
  try {
    await checkTools();
    await checkMovie();
    await checkWrite();
  } finally {
    await client.close();
  }
  console.log("ts-client: ok (7 tools, movie 42, elicit decline sent nothing, accept added one item)");
}

async function checkTools() {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name),
    ["movie", "movies", "person", "search", "tvShow", "myWatchLists", "addWatchListItem"]);
  const movie = tools.find((t) => t.name === "movie");
  assert.deepEqual(movie.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
  const add = tools.find((t) => t.name === "addWatchListItem");
  assert.deepEqual(add.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  assert.deepEqual(add.inputSchema.required, ["input"]);
  for (const t of tools) assert.ok(t.title && t.description, `${t.name} has a title and a description`);
}

async function checkMovie() {
  const res = await client.callTool({ name: "movie", arguments: { id: "42" } });
  assert.equal(res.isError ?? false, false, text(res));
  assert.equal(JSON.parse(text(res)).data.movie.title, "The Matrix");
}

async function checkWrite() {
  const before = await listOneItems();
  const matrix = { input: { watchListId: "1", titleId: "42", titleType: "MOVIE" } };

  answers.push("decline");
  const declined = await client.callTool({ name: "addWatchListItem", arguments: matrix });
  assert.equal(declined.isError, true, "a declined write is an error result");
  assert.equal(asked.length, 1);
  assert.match(asked[0], /mutation Tool_addWatchListItem\(\$input: AddWatchListItemInput!\)/);
  assert.deepEqual(JSON.parse(asked[0].match(/^variables: (.*)$/m)[1]), matrix, "the exact variables are shown");
  assert.equal(await listOneItems(), before, "decline wrote nothing");

  answers.push("accept");
  const note = { input: { ...matrix.input, userNotes: "friday" } }; // the declined body stays declined
  const accepted = await client.callTool({ name: "addWatchListItem", arguments: note });
  assert.equal(accepted.isError ?? false, false, text(accepted));
  assert.equal(JSON.parse(text(accepted)).data.addWatchListItem.item.id, "5");
  assert.equal(asked.length, 2);
  assert.equal(await listOneItems(), before + 1, "accept added exactly one item");
}

main().catch((err) => {
  console.error("ts-client: FAIL", err);
  process.exit(1);
});
