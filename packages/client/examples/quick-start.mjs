// @notes/client from plain Node ≥ 20 (no TypeScript, no bundler), once installed:
//   node node_modules/@notes/client/examples/quick-start.mjs --url https://notes.example \
//     --identifier alice --password '…' [--create "Title" "first line"]
// Signs in, optionally creates a note, syncs, and prints each note's title. A failure
// (wrong password, unreachable server, …) prints one line on stderr and exits 1.
import { parseArgs } from "node:util";
import { createApiClient, createNote, isProblem, SyncEngine, signIn } from "@notes/client";

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

try {
  const api = createApiClient({ baseUrl: values.url });
  const session = await signIn(api, { identifier: values.identifier, password: values.password });
  if (values.create !== undefined) {
    const text = positionals[0] ?? "";
    await createNote(api, session, { title: values.create, tags: [], text });
  }
  const sync = new SyncEngine(api, session);
  await sync.syncOnce();
  for (const note of sync.list()) console.log(note.title);
} catch (error) {
  console.error(explain(error));
  process.exitCode = 1;
}

/** One readable line for the ways this can fail; the server's problem slugs are stable. */
function explain(error) {
  if (isProblem(error, "authentication-failed"))
    return "Sign-in failed: the identifier or password is not correct.";
  if (isProblem(error)) {
    const retry = error.retryAfter === undefined ? "" : ` (retry in ${error.retryAfter} s)`;
    return `The server refused the request (${error.status}): ${error.message}${retry}`;
  }
  if (error instanceof TypeError && error.cause instanceof Error) {
    // fetch() rejects with a TypeError whose cause says why (ECONNREFUSED, ENOTFOUND, …).
    const reason = "code" in error.cause ? String(error.cause.code) : error.cause.message;
    return `Cannot reach ${values.url} (${reason}).`;
  }
  return `Failed: ${error instanceof Error ? error.message : String(error)}`;
}
