// The app lock (issue 38). Locking seals the stored session (token, account, keys) under
// a key derived from the master key, HKDF(masterKey, "notes-web/app-lock/v1"), and
// deletes the copy sealed under the device key that a reload opens by itself; the tab
// then reloads, so no key it held (master key, content keys, keyring, derived local
// keys, the workers') survives in memory: a fresh page starts with the lock screen.
// Unlocking takes the password: PBKDF2 and HKDF as at sign-in (contract §9) give the
// wrap key, which opens the master key from the wrap the server holds (kept here from
// sign-in), which opens the sealed session; the server is never asked. A passkey enrolled
// or used to sign in on this device unlocks it too: a local assertion's PRF output opens
// that credential's wrap of the master key, kept here (passkey wraps below). While locked
// nothing syncs (the session's token is sealed too); edits typed before locking are
// sealed in the outbox and go out after unlocking. A wrong password opens nothing.
import {
  browserWebAuthn,
  type KeptPasskeyWrap,
  type Session,
  unlockWithPasskey,
} from "@notes/client";
import {
  deriveAccountKeys,
  fromBase64,
  hkdfSha256,
  loadSodium,
  openEnvelope,
  sealEnvelope,
  unwrapKey,
} from "@notes/crypto";
import type { LocalDb } from "./local-db";
import { saveSession, sessionFromSecrets, sessionSecrets } from "./stored-session";

export const LOCK_LABEL = "notes-web/app-lock/v1";
/** The envelope binds its content to an id; the locked session uses this fixed one. */
const LOCK_ID = "00000000-0000-4000-8000-0000000010c4";
const LOCKED_KEY = "appLock";

export interface LockedRecord {
  identifier: string;
  kdfIterations: number;
  kdfSalt: string;
  /** The master key under the password's wrap key, as the server holds it. */
  wrappedMasterKey: string;
  /** The session's secrets under HKDF(masterKey, LOCK_LABEL). */
  sealed: string;
  lockedAt: string;
}

/** Whether this session can be locked: it knows the password's wrap of the master key. */
export const canLock = (session: Session | undefined) => Boolean(session?.wrappedMasterKey);

/** Seals the session for unlocking by password and forgets the one a reload opens. */
export async function lockSession(db: LocalDb, session: Session): Promise<void> {
  const { wrappedMasterKey } = session;
  if (!wrappedMasterKey) return;
  const sodium = await loadSodium();
  const key = await hkdfSha256(session.masterKey, LOCK_LABEL);
  const record: LockedRecord = {
    identifier: session.identifier,
    kdfIterations: session.kdfIterations,
    kdfSalt: session.kdfSalt,
    wrappedMasterKey,
    sealed: sealEnvelope(sodium, key, LOCK_ID, sessionSecrets(session)),
    lockedAt: new Date().toISOString(),
  };
  key.fill(0);
  const tx = db.transaction(["session", "meta"], "readwrite");
  await Promise.all([
    tx.objectStore("meta").put(JSON.stringify(record), LOCKED_KEY),
    tx.objectStore("session").delete("current"),
    tx.done,
  ]);
}

export async function lockedRecord(db: LocalDb): Promise<LockedRecord | undefined> {
  const stored = await db.get("meta", LOCKED_KEY);
  return stored ? (JSON.parse(stored) as LockedRecord) : undefined;
}

export function forgetLock(db: LocalDb): Promise<void> {
  return db.delete("meta", LOCKED_KEY);
}

/**
 * The session again, stored for reloads as at sign-in, or undefined when the password
 * does not open it (nothing changes then).
 */
export async function unlockWithPassword(
  db: LocalDb,
  password: string,
): Promise<Session | undefined> {
  const record = await lockedRecord(db);
  if (!record) return undefined;
  const sodium = await loadSodium();
  const { wrapKey } = await deriveAccountKeys(
    password,
    fromBase64(record.kdfSalt),
    record.kdfIterations,
  );
  let masterKey: Uint8Array;
  try {
    masterKey = unwrapKey(sodium, wrapKey, record.wrappedMasterKey);
  } catch {
    return undefined;
  } finally {
    wrapKey.fill(0);
  }
  return openLocked(db, record, masterKey);
}

/**
 * The session again with a passkey of this device (a local WebAuthn assertion, the
 * server not asked), or undefined when none is kept; throws when the person cancels.
 */
export async function unlockWithPasskeyHere(db: LocalDb): Promise<Session | undefined> {
  const record = await lockedRecord(db);
  const wraps = await passkeyWraps(db);
  if (!record || wraps.length === 0) return undefined;
  return openLocked(db, record, await unlockWithPasskey(browserWebAuthn(), wraps));
}

async function openLocked(
  db: LocalDb,
  record: LockedRecord,
  masterKey: Uint8Array,
): Promise<Session> {
  const sodium = await loadSodium();
  const key = await hkdfSha256(masterKey, LOCK_LABEL);
  const session = await sessionFromSecrets(
    record.identifier,
    openEnvelope(sodium, key, LOCK_ID, record.sealed),
  );
  key.fill(0);
  await saveSession(db, session);
  await forgetLock(db);
  return session;
}

/**
 * Other tabs of this app follow: they reload when one locks (and find the session
 * locked) and when one unlocks (and find it stored for reloads again).
 */
const CHANNEL = "notes-web-app-lock";
export type LockEvent = "locked" | "unlocked";

export function announceLock(event: LockEvent = "locked"): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls back when another tab locked or unlocked the app; answers how to stop. */
export function onLockElsewhere(changed: (event: LockEvent) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message) => changed(message.data === "unlocked" ? "unlocked" : "locked");
  return () => channel.close();
}

// ── passkey wraps: each passkey of this device and its wrap of the master key ──

const WRAPS_KEY = "passkeyWraps";

export async function passkeyWraps(db: LocalDb): Promise<KeptPasskeyWrap[]> {
  const stored = await db.get("meta", WRAPS_KEY);
  return stored ? (JSON.parse(stored) as KeptPasskeyWrap[]) : [];
}

/** Keeps a passkey's wrap (enrolled or signed in with here); not secret, it is wrapped. */
export async function keepPasskeyWrap(db: LocalDb, wrap: KeptPasskeyWrap): Promise<void> {
  const others = (await passkeyWraps(db)).filter((w) => w.credentialId !== wrap.credentialId);
  await db.put("meta", JSON.stringify([...others, wrap]), WRAPS_KEY);
}

export async function forgetPasskeyWrap(db: LocalDb, credentialId: string): Promise<void> {
  const kept = (await passkeyWraps(db)).filter((w) => w.credentialId !== credentialId);
  await db.put("meta", JSON.stringify(kept), WRAPS_KEY);
}
