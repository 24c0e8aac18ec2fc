// Keeps the unlocked session across reloads: token, account and keys are sealed
// under a fresh non-extractable device key at sign-in and opened at start-up.
import type { Session } from "@notes/client";
import {
  deriveSigningKeyPair,
  fromBase64,
  loadSodium,
  toBase64,
  utf8Decode,
  utf8Encode,
} from "@notes/crypto";
import { createDeviceKey, openWithDeviceKey, sealWithDeviceKey } from "./device-key";
import type { LocalDb } from "./local-db";

interface SessionSecrets {
  token: string;
  account: Session["account"];
  masterKey: string;
  publicKey: string;
  privateKey: string;
  kdfIterations: number;
  kdfSalt: string;
  /** Absent in sessions stored before the app lock (issue 38). */
  wrappedMasterKey?: string;
}

/** The session as JSON bytes: what is sealed, under the device key or the app lock's. */
export function sessionSecrets(session: Session): Uint8Array {
  const secrets: SessionSecrets = {
    token: session.token,
    account: session.account,
    masterKey: toBase64(session.masterKey),
    publicKey: toBase64(session.keyPair.publicKey),
    privateKey: toBase64(session.keyPair.privateKey),
    kdfIterations: session.kdfIterations,
    kdfSalt: session.kdfSalt,
    ...(session.wrappedMasterKey && { wrappedMasterKey: session.wrappedMasterKey }),
  };
  return utf8Encode(JSON.stringify(secrets));
}

/** The session those bytes hold (the signing key derived again from the master key). */
export async function sessionFromSecrets(identifier: string, plain: Uint8Array): Promise<Session> {
  const s = JSON.parse(utf8Decode(plain)) as SessionSecrets;
  const masterKey = fromBase64(s.masterKey);
  return {
    identifier,
    token: s.token,
    account: s.account,
    masterKey,
    keyPair: { publicKey: fromBase64(s.publicKey), privateKey: fromBase64(s.privateKey) },
    // Derived again rather than stored: it follows from the master key alone.
    signingKeyPair: await deriveSigningKeyPair(await loadSodium(), masterKey),
    kdfIterations: s.kdfIterations,
    kdfSalt: s.kdfSalt,
    ...(s.wrappedMasterKey && { wrappedMasterKey: s.wrappedMasterKey }),
  };
}

export async function saveSession(db: LocalDb, session: Session): Promise<void> {
  const deviceKey = await createDeviceKey();
  const sealed = await sealWithDeviceKey(deviceKey, sessionSecrets(session));
  await db.put("session", { identifier: session.identifier, deviceKey, sealed }, "current");
}

/** The stored session, or undefined when none is stored or it no longer opens. */
export async function loadSession(db: LocalDb): Promise<Session | undefined> {
  const stored = await db.get("session", "current");
  if (!stored) return undefined;
  try {
    const plain = await openWithDeviceKey(stored.deviceKey, stored.sealed);
    return await sessionFromSecrets(stored.identifier, plain);
  } catch {
    return undefined;
  }
}
