import "fake-indexeddb/auto";
import { deriveAccountKeys, fromBase64, loadSodium, toBase64, wrapKey } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { canLock, lockedRecord, lockSession, unlockWithPassword } from "./app-lock";
import { loadSession, saveSession } from "./stored-session";
import { freshDb, testSession } from "./test-session";

const PASSWORD = "correct horse battery";

/** A session that knows its password wrap, as sign-in leaves it (few rounds: a test). */
async function lockableSession() {
  const session = { ...(await testSession()), kdfIterations: 1_000 };
  const { wrapKey: key } = await deriveAccountKeys(PASSWORD, fromBase64(session.kdfSalt), 1_000);
  session.wrappedMasterKey = wrapKey(await loadSodium(), key, session.masterKey);
  return session;
}

describe("the app lock", () => {
  it("seals the session for the password and forgets the copy a reload opens", async () => {
    const db = await freshDb();
    const session = await lockableSession();
    await saveSession(db, session);
    await lockSession(db, session);
    expect(await loadSession(db)).toBeUndefined();
    const record = await lockedRecord(db);
    expect(record?.identifier).toBe("alice");
    const stored = JSON.stringify(record);
    expect(stored).not.toContain(toBase64(session.masterKey));
    expect(stored).not.toContain(session.token);
  });

  it("opens with the password alone, and stores the session for reloads again", async () => {
    const db = await freshDb();
    const session = await lockableSession();
    await lockSession(db, session);
    expect(await unlockWithPassword(db, "wrong password")).toBeUndefined();
    expect(await lockedRecord(db)).toBeDefined();
    const unlocked = await unlockWithPassword(db, PASSWORD);
    expect(unlocked?.masterKey).toEqual(session.masterKey);
    expect(unlocked?.token).toBe(session.token);
    expect(unlocked?.keyPair.privateKey).toEqual(session.keyPair.privateKey);
    expect(unlocked?.wrappedMasterKey).toBe(session.wrappedMasterKey);
    expect(await lockedRecord(db)).toBeUndefined();
    expect((await loadSession(db))?.masterKey).toEqual(session.masterKey);
  });

  it("is offered only to a session that knows the password's wrap", async () => {
    expect(canLock(await testSession())).toBe(false);
    expect(canLock(await lockableSession())).toBe(true);
    expect(canLock(undefined)).toBe(false);
  });
});
