// Live rooms when the app's DATABASE_URL is pooled (issue 39): the sidecar holds the
// sockets on the direct URL; the app (the self-hosted server and `next start`, each
// on the pooled URL alone, every client one address as with TRUST_PROXY=false)
// issues the tickets and writes the rosters. Three members join and a frame from
// the owner reaches the other two, as it does on a direct URL. (The suite's own
// `next start` has both URLs; realtime.test.ts runs against it as well.)

import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_SERVER_SECRET } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startSidecar } from "../global-setup";
import { Client } from "../support/api";
import { newNote } from "../support/notes";
import { setMembers, sharer } from "../support/sharing";
import { openRoom } from "../support/sockets";

const skip = inject("pooledSkip");

describe.skipIf(skip).each(["self-hosted", "next"] as const)(
  "live rooms with %s on the pooled URL",
  (kind) => {
    let url = "";
    let app: ChildProcess | undefined;
    let sidecar: ChildProcess | undefined;
    const client = () => new Client(undefined, "rooms-pooled", url);

    beforeAll(async () => {
      const database = inject("pooledDatabase");
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      const relay = await startSidecar(url, `realtime-rooms-pooled-${kind}.log`, {
        DATABASE_URL: database.directUrl,
        SERVER_SECRET: TEST_SERVER_SECRET,
      });
      sidecar = relay.process;
      app = startProcess(
        kind,
        {
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-rooms-pooled-")),
          DATABASE_URL: database.url,
          SERVER_SECRET: TEST_SERVER_SECRET,
          TRUST_PROXY: "false",
          RATE_LIMIT_SCALE: "100",
          REALTIME_URL: relay.url,
        },
        `${kind}-rooms-pooled.log`,
      );
      await waitForHealth(url, app);
    }, 120_000);

    afterAll(async () => {
      if (app) await stopProcess(app);
      if (sidecar) await stopProcess(sidecar);
    });

    it("relays a frame from the owner to the editor and the viewer", async () => {
      const owner = await sharer("owner", client());
      const editor = await sharer("editor", client());
      const viewer = await sharer("viewer", client());
      const { id } = await newNote(owner);
      await setMembers(owner, id, [
        { userId: editor.accountId, role: "editor" },
        { userId: viewer.accountId, role: "viewer" },
      ]);
      const rooms = [
        await openRoom(owner, id),
        await openRoom(editor, id),
        await openRoom(viewer, id),
      ];
      // The last to join took the count of 3 as its first (openRoom).
      for (const room of rooms.slice(0, 2))
        await room.until((m) => m.kind === "text" && m.json.type === "peers" && m.json.count === 3);
      const frame = randomBytes(512);
      rooms[0]?.send(frame);
      for (const room of rooms.slice(1)) {
        const got = await room.until((m) => m.kind === "binary");
        expect(got.kind === "binary" && got.data.equals(frame)).toBe(true);
      }
      for (const room of rooms) room.close();
    });
  },
);
