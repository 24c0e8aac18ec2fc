// Issue 34, split views between members who never share a live room: a writer's device
// carries the key-transparency head it last saw in the metadata it signs (`seenHead`),
// and each member's device compares it with the log its own server shows it when it
// reads the note. Before, heads travelled only in live frames: a server showing Alice
// one log and Bob another went unnoticed as long as the two never had the note open at
// the same time.
import { fromBase64, loadSodium, openMetadata, toBase64 } from "@notes/crypto";
import { encodeSeenHead } from "@notes/keytrans";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { noteUnder, type Owner, owner } from "../../test/support/hostile-server/group-state-server";
import { MEMBER_NOTE_KEY, memberDevice } from "../../test/support/hostile-server/member-device";
import { TestKeyLog } from "../../test/support/key-log";
import { createApiClient } from "../api/client";
import { NoteEditor } from "../notes/editor";
import { compareCarriedHead } from "../trust/carried-heads";
import { type KeyTransparencyWarning, keyTransparencyFor } from "../trust/key-transparency";
import { seenHeadOf } from "../trust/seen-heads";

let sodium: Awaited<ReturnType<typeof loadSodium>>;
let alice: Owner;
const WITNESS = new Uint8Array(32).fill(9);
const MALLORY_KEY = new Uint8Array(32).fill(0x66);

beforeAll(async () => {
  sodium = await loadSodium();
  alice = owner(sodium, "00000000-0000-4000-8000-0000000000a3", 0x50);
});

/** Two logs of one server, the same for two epochs; at the third Bob's holds Mallory's key. */
function forkedLogs(): [TestKeyLog, TestKeyLog] {
  const at = Date.now();
  const pair: [TestKeyLog, TestKeyLog] = [
    new TestKeyLog({ witnesses: [WITNESS] }),
    new TestKeyLog({ witnesses: [WITNESS] }),
  ];
  for (const log of pair) {
    log.now = () => at;
    log.closeEpoch();
    log.closeEpoch();
  }
  pair[0].publish(alice.userId, { publicKey: MALLORY_KEY });
  pair[1].closeEpoch();
  return pair;
}

/** Bob's device on `log`, holding Alice's note, its checker's warnings collected. */
async function bobOn(log: TestKeyLog) {
  const device = await memberDevice(sodium, alice, "editor", log);
  const warnings: KeyTransparencyWarning[] = [];
  const kt = keyTransparencyFor(device.api, {
    witnesses: log.witnessKeys,
    threshold: 1,
    waitForLogMs: 0,
    onWarning: (w) => warnings.push(w),
  });
  await kt.refreshHead();
  return { ...device, kt, warnings };
}

/** Alice renames the note, her metadata carrying the head her log showed her. */
function aliceWrites(
  first: { seq: number },
  bobId: Parameters<typeof noteUnder>[1],
  seen: Uint8Array,
) {
  const state = noteUnder(
    sodium,
    bobId,
    alice,
    alice,
    { cek: MEMBER_NOTE_KEY, epoch: 1, text: "hello", role: "editor" },
    { title: "Plans, renamed", tags: [], rev: 3, seenHead: toBase64(seen) },
  );
  return { ...state, seq: first.seq + 5 };
}

const head = (log: TestKeyLog) => {
  const newest = log.heads.at(-1);
  if (!newest) throw new Error("no head");
  return encodeSeenHead(newest);
};

describe("issue 34: heads carried in signed metadata", () => {
  it("a member reading metadata whose head is another branch of the log is warned of the fork", async () => {
    const [alicesLog, bobsLog] = forkedLogs();
    const bob = await bobOn(bobsLog);
    // Alice's server shows her the same epoch as Bob's shows him, on another branch.
    while (alicesLog.heads.length < (bob.kt.head?.epoch ?? 0)) alicesLog.closeEpoch();
    expect(alicesLog.heads.at(-1)?.epoch).toBe(bob.kt.head?.epoch);
    bob.server.state = aliceWrites(bob.first, bob.bob, head(alicesLog));
    expect((await bob.engine.syncOnce()).refused).toEqual([]);
    expect(bob.engine.note(bob.first.id)?.metadata?.title).toBe("Plans, renamed");
    await vi.waitFor(() =>
      expect(bob.warnings).toContainEqual(expect.objectContaining({ kind: "log", reason: "fork" })),
    );
  });

  it("a head from the same log compares clean; one the signer's key does not sign is not compared", async () => {
    const [log] = forkedLogs();
    const bob = await bobOn(log);
    const state = aliceWrites(bob.first, bob.bob, head(log));
    const keys = [MEMBER_NOTE_KEY];
    const metadata = openMetadata(sodium, MEMBER_NOTE_KEY, state.id, state.metadata ?? "");
    await compareCarriedHead(sodium, bob.api, bob.bob, state, metadata, keys);
    expect(bob.warnings).toEqual([]);

    // The same bytes under a signature that is not Alice's: nothing is compared, even a fork.
    const [, other] = forkedLogs();
    const forked = { ...metadata, seenHead: toBase64(head(other)) };
    const unsigned = { ...state, metadataSignature: undefined };
    expect(compareCarriedHead(sodium, bob.api, bob.bob, unsigned, forked, keys)).toBeUndefined();
  });

  it("per writer, only a newer head than the last compared one asks the server again", async () => {
    const [log] = forkedLogs();
    const bob = await bobOn(log);
    const state = aliceWrites(bob.first, bob.bob, head(log));
    const metadata = openMetadata(sodium, MEMBER_NOTE_KEY, state.id, state.metadata ?? "");
    const keys = [MEMBER_NOTE_KEY];
    await compareCarriedHead(sodium, bob.api, bob.bob, state, metadata, keys);
    expect(compareCarriedHead(sodium, bob.api, bob.bob, state, metadata, keys)).toBeUndefined();
  });

  it("a writer's device puts the head it last saw into the metadata it seals", async () => {
    const [log] = forkedLogs();
    const bob = await bobOn(log);
    const sent: { metadata?: string }[] = [];
    const api = createApiClient({
      baseUrl: "http://x",
      fetch: async (url, init) => {
        if (String(url).endsWith("/updates")) {
          sent.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify({ version: 2, seq: 9 }), {
            status: 201,
            headers: { "content-type": "application/json" },
          });
        }
        return bob.server.fetch(url, init);
      },
    });
    const kt = keyTransparencyFor(api, {
      witnesses: log.witnessKeys,
      threshold: 1,
      waitForLogMs: 0,
    });
    await kt.refreshHead();
    const note = bob.engine.note(bob.first.id);
    if (!note) throw new Error("not held");
    const editor = new NoteEditor(api, note);
    editor.setMetadata({ title: "Bob's title", tags: [] });
    await editor.flush().catch(() => undefined);
    editor.destroy();
    const written = sent[0]?.metadata;
    expect(written).toBeDefined();
    const opened = openMetadata(sodium, MEMBER_NOTE_KEY, note.id, written ?? "");
    expect(fromBase64(opened.seenHead ?? "")).toEqual(seenHeadOf(kt));
  });
});
