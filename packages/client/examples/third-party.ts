// A third-party client in a few lines, using nothing but @notes/client:
//   node --import tsx packages/client/examples/third-party.ts --url http://localhost:3000 \
//     --identifier alice --password '...' [--create "title" "text"]
// Signs in, syncs, prints each note's title and first line; optionally creates a note.
import { parseArgs } from "node:util";
import { createApiClient, createNote, readText, SyncEngine, signIn } from "@notes/client";

const { values, positionals } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    identifier: { type: "string" },
    password: { type: "string" },
    create: { type: "string" },
  },
  allowPositionals: true,
});

if (!values.identifier || !values.password) {
  console.error("usage: --url URL --identifier NAME --password PW [--create TITLE TEXT]");
  process.exit(2);
}

const api = createApiClient({ baseUrl: values.url });
const session = await signIn(api, { identifier: values.identifier, password: values.password });
const sync = new SyncEngine(api, session);

if (values.create !== undefined) {
  const note = await createNote(api, session, {
    title: values.create,
    tags: [],
    text: positionals[0] ?? "",
  });
  console.log(`created ${note.id}`);
}

await sync.syncOnce();
for (const summary of sync.list()) {
  const doc = sync.note(summary.id)?.doc;
  const firstLine = doc ? (readText(doc).split("\n")[0] ?? "") : "";
  console.log(`${summary.title}\t${firstLine}`);
}
