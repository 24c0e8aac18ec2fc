// The feedback relay against the embedded database: no transaction or row lock is
// held while the webhook is being called (an embedded database has one connection,
// so an open transaction would stall every other request for up to the 10 s
// timeout), and the text is escaped the way Slack-style channels need.
import { randomUUID } from "node:crypto";
import { type Database, feedback, rows } from "@notes/db";
import { openScratchDatabase, type ScratchDatabase } from "@notes/db/scratch";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FeedbackRelay } from "./relay";

let scratch: ScratchDatabase;
let database: Database;
const log = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  scratch = await openScratchDatabase("notes_relay");
  database = scratch.database;
}, 60_000);

afterAll(async () => {
  await scratch?.close();
});

/** What `work` resolves with, or "timed out" when it takes longer than `ms`. */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<"timed out">((r) => setTimeout(() => r("timed out"), ms))]);

describe("FeedbackRelay", () => {
  it("calls the webhook outside any transaction, and sends escaped text", async () => {
    const id = randomUUID();
    const message = "<!channel> & <https://evil.example|Reset your password>";
    await database.db.insert(feedback).values({ id, category: "bug", message });

    let release: (status: number) => void = () => {};
    const bodies: string[] = [];
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body));
      const status = await new Promise<number>((r) => {
        release = r;
      });
      return new Response(null, { status });
    });
    const relay = new FeedbackRelay(database.db, log, {
      webhookUrl: "https://hooks.example/x",
      fetch: fetch as typeof globalThis.fetch,
      pollMs: 60_000,
    });
    relay.start();
    try {
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
      // While the webhook hangs, the row can be locked and the database answers.
      const locked = within(
        2_000,
        database.db.transaction(async (tx) => {
          const found = await rows<{ id: string }>(
            tx,
            sql`select id from feedback where id = ${id} for update nowait`,
          );
          return found.length;
        }),
      );
      expect(await locked).toBe(1);

      expect(JSON.parse(bodies[0] ?? "{}")).toEqual({
        text: "Feedback (bug): &lt;!channel&gt; &amp; &lt;https://evil.example|Reset your password&gt;",
      });
      release(200);
      await vi.waitFor(async () => {
        const [row] = await rows<{ delivered: boolean; attempts: number }>(
          database.db,
          sql`select delivered_at is not null as delivered, attempts from feedback where id = ${id}`,
        );
        expect(row).toEqual({ delivered: true, attempts: 1 });
      });
    } finally {
      release(200);
      await relay.stop();
    }
  });
});
