// The browser's IndexedDB: the sealed session, a ciphertext cache of every note,
// the outbox of edits not yet acknowledged, the sync token and the keyring of
// former content keys (wrapped under the master key, keyring-store.ts). Nothing here is
// plaintext: notes are sealed under their content keys, the session under a
// non-extractable device key (device-key.ts).
import type { Input } from "@notes/client";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { SealedBytes } from "./device-key";

export interface StoredSession {
  identifier: string;
  deviceKey: CryptoKey;
  sealed: SealedBytes;
}

export interface CachedNote {
  id: string;
  /** The content key sealed to the account's own public key (as the server's wrappedCek). */
  sealedCek: string;
  /** The content key sealed under this device's cache key (cached-key.ts; absent in older caches). */
  localCek?: string;
  /** Title and tags, sealed under the content key. */
  metadata: string;
  /** The whole Yjs state (local edits included), sealed under the content key. */
  docState: string;
  version: number;
  snapshotVersion: number;
  role: "owner" | "editor" | "viewer" | "revoked";
  /** The server's wrap this key came from; a different one later means a rotation. */
  wrappedCek?: string;
  /** Members, owner included, as the server last said (absent in older caches). */
  memberCount?: number;
  /** The note's last change as known here (absent in older caches). */
  updatedAt?: string;
  /**
   * Per writer, the Yjs clock reached by server content applied (the SDK's
   * heldClocks), so a reload still judges a compaction against it (absent in older
   * caches: nothing is judged until more arrives).
   */
  heldClocks?: [number, number][];
  /**
   * Who signed the content applied to a shared note (the SDK's authorship): signer id
   * and trust, and whether some content could not be checked (absent: nothing recorded).
   */
  authorship?: { signers: [string, "verified" | "signed"][]; unchecked: boolean };
  /**
   * When this copy was written here (ms, this device's clock): a reload re-reads the
   * notes cached after its list snapshot was taken (issue 35; absent in older caches).
   */
  cachedAt?: number;
}

export type OutboxOp =
  | { kind: "create"; noteId: string; body: Input<"notes.create"> }
  | {
      kind: "append";
      noteId: string;
      updateCount: number;
      body: Input<"notes.append">;
      /** Per writer, the Yjs clock the updates reach (absent in older outboxes). */
      clocks?: [number, number][];
    }
  | {
      kind: "delete";
      noteId: string;
      /** The version the deletion is signed at (absent in older outboxes: read again). */
      version?: number;
    };

interface VaultSchema extends DBSchema {
  session: { key: string; value: StoredSession };
  notes: { key: string; value: CachedNote; indexes: { cachedAt: number } };
  outbox: { key: number; value: OutboxOp };
  meta: { key: string; value: string };
}

export type LocalDb = IDBPDatabase<VaultSchema>;

/**
 * `yieldToUpgrades`: close this connection when another tab needs to upgrade the
 * schema, instead of holding that tab's upgrade until this one goes away (the search
 * worker's connection: it only saves what can be saved again).
 */
export function openLocalDb(name = "notes-vault", yieldToUpgrades = false): Promise<LocalDb> {
  const opening: Promise<LocalDb> = openDB<VaultSchema>(name, 2, {
    blocking: yieldToUpgrades ? () => void opening.then((db) => db.close()) : undefined,
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore("session");
        db.createObjectStore("notes", { keyPath: "id" });
        db.createObjectStore("outbox", { autoIncrement: true });
        db.createObjectStore("meta");
      }
      // 2: notes by when they were cached, to find those newer than the list snapshot.
      if (oldVersion < 2) tx.objectStore("notes").createIndex("cachedAt", "cachedAt");
    },
  });
  return opening;
}

/** Forgets everything this browser holds for the account (sign-out, account deletion). */
export async function clearLocalDb(db: LocalDb): Promise<void> {
  const tx = db.transaction(["session", "notes", "outbox", "meta"], "readwrite");
  await Promise.all([
    tx.objectStore("session").clear(),
    tx.objectStore("notes").clear(),
    tx.objectStore("outbox").clear(),
    tx.objectStore("meta").clear(),
    tx.done,
  ]);
}
