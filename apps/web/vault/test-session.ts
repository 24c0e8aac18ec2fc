// A session with real (fixed) keys and a fresh fake IndexedDB per test.
import type { Session } from "@notes/client";
import { deriveSigningKeyPair, loadSodium } from "@notes/crypto";
import { ListSaver } from "./list-saver";
import { type LocalDb, openLocalDb } from "./local-db";
import { localKey } from "./local-seal";
import type { NoteListItem } from "./vault-state";

export async function testSession(identifier = "alice"): Promise<Session> {
  const sodium = await loadSodium();
  const pair = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(1));
  return {
    identifier,
    token: "token-1",
    account: {
      id: "00000000-0000-4000-8000-0000000000a1",
      handle: identifier,
    } as Session["account"],
    masterKey: new Uint8Array(32).fill(2),
    keyPair: { publicKey: pair.publicKey, privateKey: pair.privateKey },
    signingKeyPair: await deriveSigningKeyPair(sodium, new Uint8Array(32).fill(2)),
    kdfIterations: 600_000,
    kdfSalt: "AAAAAAAAAAAAAAAAAAAAAA==",
  };
}

export function freshDb() {
  return openLocalDb(`test-${crypto.randomUUID()}`);
}

/** Stores `notes` as a tab's list snapshot covering the cache up to `covers` (list-saver.ts). */
export async function saveList(
  db: LocalDb,
  session: Session,
  notes: readonly NoteListItem[],
  covers: number,
): Promise<void> {
  await new ListSaver(db).save(await localKey(session, "list"), notes, covers);
}
