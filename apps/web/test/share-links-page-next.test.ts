// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// A share link's public page under `next start` (the Vercel-style mount): the status
// comes from the same probe as on the self-hosted server (share-links-page.test.ts),
// through the back end instrumentation.ts registers for proxy.ts: 200 while the link
// serves, 410 once revoked, 404 for none.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, randomIp } from "./support/api";
import { newNote } from "./support/notes";
import { linkId, makeLink } from "./support/share-links";
import { sharer } from "./support/sharing";

let child: ReturnType<typeof startProcess> | undefined;
let base = "";

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const started = startProcess(
    "next",
    {
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-next-links-")),
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      DATABASE_URL: "",
    },
    "next-share-link-page.log",
  );
  child = started;
  await waitForHealth(base, started);
}, 120_000);

afterAll(async () => {
  if (child) await stopProcess(child);
});

const status = async (id: string) =>
  (await fetch(`${base}/s/${id}`, { headers: { "X-Forwarded-For": randomIp() } })).status;

describe("a share link's public page under next start", () => {
  it("is 200 while the link serves, 410 once revoked, 404 for none", async () => {
    const owner = await sharer("next-links", new Client(randomIp(), "integration-test", base));
    const { id: noteId } = await newNote(owner);
    const link = await makeLink(owner, noteId);
    expect(await status(link.id)).toBe(200);
    const revoked = await owner.client.call("DELETE", `/v1/share-links/${link.id}`, {
      token: owner.token,
    });
    expect(revoked.status, revoked.text).toBe(204);
    expect(await status(link.id)).toBe(410);
    expect(await status(linkId())).toBe(404);
  });
});
