// A third-party client in a few lines, using nothing but @notes/client:
//   node --import tsx packages/client/examples/third-party.ts --url http://localhost:3000 \
//     --identifier alice --password '...' [--create "title" "text"]
// Signs in, syncs, prints each note's title and first line; optionally creates a note.
// A failure (wrong password, unreachable server, …) prints one line and exits 1.
// examples/quick-start.mjs is the plain-JavaScript twin shipped in the package.
import { parseArgs } from "node:util";
import {
  createApiClient,
  createNote,
  isProblem,
  readText,
  SyncEngine,
  signIn,
} from "@notes/client";

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
const { url, identifier, password } = values;

try {
  const api = createApiClient({ baseUrl: url });
  const session = await signIn(api, { identifier, password });
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
} catch (error) {
  console.error(explain(error));
  process.exitCode = 1;
}

/** One readable line for the ways this can fail; branch on problem slugs, not on text. */
function explain(error: unknown): string {
  if (isProblem(error, "authentication-failed"))
    return "Sign-in failed: the identifier or password is not correct.";
  if (isProblem(error)) {
    const retry = error.retryAfter === undefined ? "" : ` (retry in ${error.retryAfter} s)`;
    return `The server refused the request (${error.status}): ${error.message}${retry}`;
  }
  // fetch() rejects with a TypeError whose cause says why (ECONNREFUSED, ENOTFOUND, …).
  if (error instanceof TypeError && error.cause instanceof Error) {
    const reason = "code" in error.cause ? String(error.cause.code) : error.cause.message;
    return `Cannot reach ${url} (${reason}).`;
  }
  return `Failed: ${error instanceof Error ? error.message : String(error)}`;
}
