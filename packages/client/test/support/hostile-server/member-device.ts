// Test support (not exported): Bob's device holding a note Alice owns and shared with
// him, synced once, with Alice's signed roster chain (epochs 0 and 1) as the server
// serves it. `chainThen` makes the chain with later rosters Alice signs; the server's
// `state` and `chain` are the test's to replace (group-state-server.ts).
import type { Sodium } from "@notes/crypto";
import { createApiClient } from "../../../src/api/client";
import { ContentKeyring } from "../../../src/keys/content-keyring";
import { readText } from "../../../src/notes/text";
import { SyncEngine } from "../../../src/sync/sync-engine";
import { MemorySeenStates } from "../../../src/trust/seen-states";
import type { Session } from "../../../src/vault/session";
import type { TestKeyLog } from "../key-log";
import { fixedSession, NOTE_ID } from "../test-keys";
import {
  chainMember,
  groupStateServer,
  noteUnder,
  type Owner,
  signedChain,
} from "./group-state-server";

export const BOB = "00000000-0000-4000-8000-0000000000b3";
/** The note's content key in every state the member device is served. */
export const MEMBER_NOTE_KEY = new Uint8Array(32).fill(0x31);

type Later = "editor" | "viewer" | "removed";

/** Bob's device, holding the note `alice` shared with him as `role`. */
export async function memberDevice(
  sodium: Sodium,
  alice: Owner,
  role: "editor" | "viewer" = "editor",
  keyLog?: TestKeyLog,
) {
  const K = MEMBER_NOTE_KEY;
  const bob: Session = {
    ...(await fixedSession()),
    account: { id: BOB } as Session["account"],
    keyring: new ContentKeyring(),
    seenStates: new MemorySeenStates(),
  };
  const first = noteUnder(sodium, bob, alice, alice, { cek: K, epoch: 1, text: "hello", role });
  const server = groupStateServer(first, alice, bob, keyLog);
  const keysOf = (userId: string, keys: { publicKey: Uint8Array }, signing: Uint8Array) => ({
    userId,
    publicKey: keys.publicKey,
    signingPublicKey: signing,
  });
  const aliceAsMember = chainMember(
    sodium,
    keysOf(alice.userId, alice.sharing, alice.signingPublicKey),
    "owner",
  );
  const bobAs = (r: "editor" | "viewer") =>
    chainMember(sodium, keysOf(BOB, bob.keyPair, bob.signingKeyPair.publicKey), r);
  /** The chain with these rosters after Alice alone (epoch 0) and Alice with Bob (epoch 1). */
  const chainThen = (...later: Later[]) =>
    signedChain(sodium, alice, K, [
      [aliceAsMember],
      [aliceAsMember, bobAs(role)],
      ...later.map((r) => (r === "removed" ? [aliceAsMember] : [aliceAsMember, bobAs(r)])),
    ]);
  server.chain = chainThen();
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const engine = new SyncEngine(api, bob);
  const result = await engine.syncOnce();
  if (result.refused.length > 0) throw new Error(`the first sync refused: ${result.refused}`);
  const held = engine.note(NOTE_ID);
  if (!held || readText(held.doc) !== "hello")
    throw new Error("the first sync did not open the note");
  return { bob, api, server, engine, first, chainThen };
}
