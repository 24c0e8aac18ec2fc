// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// A client that gives up halfway through sending a body has only ended its own
// request: the read fails with the socket's ECONNRESET, which must not be taken
// for the database's (that trips the outage gate, and everyone gets 503 for a
// while). Any client could otherwise keep the whole service at 503 by abandoning
// uploads in a loop.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { Client, randomIp } from "./support/api";
import { bothMounts } from "./support/fetch-mount";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends 64 KiB of a declared 2 MiB body (within creating a note's limit), then drops the connection. */
async function abandonUpload(url: string, token: string): Promise<void> {
  const req = request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(2 * 1024 * 1024),
      Authorization: `Bearer ${token}`,
      "X-Forwarded-For": randomIp(),
    },
  });
  req.on("error", () => {});
  req.write(Buffer.alloc(64 * 1024, " "));
  await pause(100);
  req.destroy();
}

describe.each(bothMounts("abandoned-upload-fetch-mount.log"))("on the $name mount", (mount) => {
  it.each(["/v1/notes", "/api/trpc/notes.create"])(
    "an upload abandoned at %s leaves everyone else served",
    async (path) => {
      const user = await signUp(undefined, new Client(undefined, undefined, mount.url()));
      await abandonUpload(`${mount.url()}${path}`, user.token);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        await pause(25);
        statuses.push((await fetch(`${mount.url()}/v1/health`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    },
  );
});
