// A deletion from this browser goes out signed by the account (issue 33, item 3); offline
// it waits in the outbox and goes out signed when the outbox flushes; a refusal for good
// is shown.
import "fake-indexeddb/auto";
import { type ApiClient, ApiProblem, verifyDeletion } from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import type { NotebookHost } from "./notebook-host";
import { flushOutbox, pendingCount } from "./outbox";
import { sendDeletion } from "./signed-delete";
import { freshDb, testSession } from "./test-session";
import { initialState, type VaultState } from "./vault-state";

const ID = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

function device(answer: unknown) {
  const sent: { path: string; input: Record<string, unknown> }[] = [];
  const api = {
    call: async (path: string, input: Record<string, unknown>) => {
      sent.push({ path, input });
      if (answer instanceof Error) throw answer;
      return undefined;
    },
  } as unknown as ApiClient;
  const shown: Partial<VaultState>[] = [];
  const host: NotebookHost = {
    state: () => initialState,
    set: (patch) => void shown.push(patch),
    sessionEnded: async () => undefined,
    accountChanged: () => undefined,
    bridge: () => undefined,
  };
  return { api, sent, host, shown };
}

/** A device without a network sends the deletion of note ID at `version`: it is queued. */
async function deleteOffline(
  db: Awaited<ReturnType<typeof freshDb>>,
  session: Awaited<ReturnType<typeof testSession>>,
  version: number,
) {
  const offline = device(new TypeError("fetch failed"));
  await sendDeletion(offline.api, db, session, offline.host, { id: ID, version }, async () => {});
}

describe("sendDeletion", () => {
  it("sends the deletion signed with the account's key, at the version held", async () => {
    const [db, session, sodium] = await Promise.all([freshDb(), testSession(), loadSodium()]);
    const { api, sent, host } = device(undefined);
    let flushed = 0;

    await sendDeletion(api, db, session, host, { id: ID, version: 4 }, async () => {
      flushed += 1;
    });

    expect(flushed).toBe(1);
    expect(sent.map((s) => s.path)).toEqual(["notes.removeSigned"]);
    const { version, deletionSignature } = (sent[0]?.input ?? {}) as {
      version: number;
      deletionSignature: string;
    };
    expect(version).toBe(4);
    const key = session.signingKeyPair.publicKey;
    expect(verifyDeletion(sodium, key, deletionSignature, ID, 4)).toBe(true);
    expect(await pendingCount(db)).toBe(0);
  });

  it("offline, the deletion waits in the outbox and goes out signed at the version held once online", async () => {
    const [db, session, sodium] = await Promise.all([freshDb(), testSession(), loadSodium()]);
    await deleteOffline(db, session, 6);
    expect(await pendingCount(db)).toBe(1);

    const online = device(undefined);
    expect(await flushOutbox(db, online.api, { session })).toEqual({ state: "done" });

    expect(online.sent.map((s) => s.path)).toEqual(["notes.removeSigned"]);
    const { version, deletionSignature } = (online.sent[0]?.input ?? {}) as {
      version: number;
      deletionSignature: string;
    };
    expect(version).toBe(6);
    const key = session.signingKeyPair.publicKey;
    expect(verifyDeletion(sodium, key, deletionSignature, ID, 6)).toBe(true);
    expect(await pendingCount(db)).toBe(0);
  });

  it("offline, queues the deletion; refused for good, says so", async () => {
    const [db, session] = await Promise.all([freshDb(), testSession()]);
    await deleteOffline(db, session, 1);
    expect(await pendingCount(db)).toBe(1);

    const refusal = new ApiProblem({
      status: 403,
      type: "https://x/problems/owner-required",
      title: "Owner required",
    });
    const refused = device(refusal);
    await sendDeletion(
      refused.api,
      db,
      session,
      refused.host,
      { id: ID, version: 1 },
      async () => {},
    );
    expect(refused.shown.at(-1)?.problem).toMatchObject({ slug: "owner-required" });
    expect(await pendingCount(db)).toBe(1);
  });
});
