// Postgres mode as deployed: several app instances and one realtime sidecar,
// talking only through the database (LISTEN/NOTIFY). A change made through any
// instance reaches sockets the sidecar holds, and when the database goes away
// under the sidecar its sockets are told to resync and events flow again.

import {
  databaseEnv,
  databaseUrl,
  mode,
  TEST_OPERATOR_TOKEN,
} from "@notes/test-support/database-mode";
import { startServer } from "@notes/test-support/server-process";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/api";
import { append, blob, newNote } from "./support/notes";
import { canControlCluster, restartCluster } from "./support/postgres-cluster";
import { putMembers, setMembers, sharer } from "./support/sharing";
import { isText, openFeed, openRoom, realtimeUrl } from "./support/sockets";

describe.runIf(mode === "postgres")("realtime across processes (Postgres)", () => {
  let second: { url: string; stop(): Promise<unknown> };

  beforeAll(async () => {
    second = await startServer(
      {
        TRUST_PROXY: "true",
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        REALTIME_URL: realtimeUrl(),
        ...databaseEnv(),
      },
      "server-b.log",
    );
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
  });

  it("delivers an append made through instance B to a feed socket the sidecar holds", async () => {
    const owner = await sharer();
    const { id } = await newNote(owner);
    const feed = await openFeed(owner);
    const viaB = new Client(undefined, undefined, second.url);
    const res = await viaB.call<{ seq: number }>("POST", `/v1/notes/${id}/updates`, {
      token: owner.token,
      body: { updates: [blob(16)] },
    });
    expect(res.status).toBe(200);
    await feed.until((m) => m.kind === "text" && m.json.seq === String(res.body.seq));
    feed.close();
  });

  it("closes a removed member's room socket when the roster changes through instance B", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    const added = await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    const room = await openRoom(editor, id);
    const viaB = { ...owner, client: new Client(undefined, undefined, second.url) };
    const removed = await putMembers(viaB, id, [], { ifMatch: added.headers.get("etag")! });
    expect(removed.status).toBe(200);
    expect((await room.closed).code).toBe(4403);
  });

  it("rejects a session revoked through instance A on instance B at once (its session cache hears it)", async () => {
    const user = await sharer();
    const viaB = new Client(undefined, undefined, second.url);
    // Warm B's cache with the session.
    for (let i = 0; i < 3; i++)
      expect((await viaB.call("GET", "/v1/account", { token: user.token })).status).toBe(200);
    expect(
      (await user.client.call("DELETE", "/v1/sessions/current", { token: user.token })).status,
    ).toBe(204);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 2_000)
      status = (await viaB.call("GET", "/v1/account", { token: user.token })).status;
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("tells sockets to resync after the database restarts, and events flow again", async () => {
    const owner = await sharer();
    const { id } = await newNote(owner);
    const feed = await openFeed(owner);
    await restartPostgres();
    // The sidecar re-establishes its LISTEN and tells every feed to pull.
    await feed.until(isText("changes"), 30_000);
    let appended = await append(owner, id, { updates: [blob(8)] });
    for (let i = 0; appended.status !== 200 && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      appended = await append(owner, id, { updates: [blob(8)] });
    }
    expect(appended.status).toBe(200);
    await feed.until((m) => m.kind === "text" && m.json.seq === String(appended.body.seq), 10_000);
    feed.close();
  }, 60_000);
});

/**
 * Restarts the local cluster where the machine allows it; elsewhere ends the
 * listener's connection, which exercises the same path in the sidecar.
 */
async function restartPostgres(): Promise<void> {
  if (canControlCluster) return restartCluster();
  const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'notes-listen'`;
  } finally {
    await sql.end();
  }
}
