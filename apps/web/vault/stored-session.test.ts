import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { loadSession, saveSession } from "./stored-session";
import { freshDb, testSession } from "./test-session";

describe("stored session", () => {
  it("comes back whole after a reload", async () => {
    const db = await freshDb();
    const session = await testSession();
    await saveSession(db, session);
    expect(await loadSession(db)).toEqual(session);
  });

  it("is stored sealed under a non-extractable device key", async () => {
    const db = await freshDb();
    const session = await testSession();
    await saveSession(db, session);
    const stored = await db.get("session", "current");
    expect(stored?.deviceKey.extractable).toBe(false);
    const raw = Buffer.from(stored?.sealed.data ?? []).toString("latin1");
    expect(raw).not.toContain("token-1");
    expect(Buffer.from(stored?.sealed.data ?? []).includes(Buffer.from(session.masterKey))).toBe(
      false,
    );
  });

  it("answers nothing when no session or a tampered one is stored", async () => {
    const db = await freshDb();
    expect(await loadSession(db)).toBeUndefined();
    await saveSession(db, await testSession());
    const stored = await db.get("session", "current");
    if (!stored) throw new Error("not stored");
    stored.sealed.data[0] = (stored.sealed.data[0] ?? 0) ^ 1;
    await db.put("session", stored, "current");
    expect(await loadSession(db)).toBeUndefined();
  });
});
