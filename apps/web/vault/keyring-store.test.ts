import "fake-indexeddb/auto";
import { ContentKeyring } from "@notes/client";
import { describe, expect, it } from "vitest";
import { keepKeyring } from "./keyring-store";
import { freshDb, testSession } from "./test-session";

const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const key = (n: number) => new Uint8Array(32).fill(n);

describe("keyring store", () => {
  it("keeps former content keys across a reload, wrapped under the master key", async () => {
    const db = await freshDb();
    const before = await testSession();
    before.keyring = new ContentKeyring();
    const stop = await keepKeyring(db, before);
    before.keyring.remember(NOTE, key(1));
    before.keyring.remember(NOTE, key(2));
    await new Promise((r) => setTimeout(r, 300));
    stop();
    const stored = (await db.get("meta", "keyring")) ?? "";
    expect(stored).not.toContain(btoa(String.fromCharCode(...key(1))));

    const after = await testSession();
    (await keepKeyring(db, after))();
    expect(after.keyring?.keys(NOTE)).toEqual([key(2), key(1)]);
  });

  it("stores only notes with former keys, and keeps them when others change", async () => {
    const db = await freshDb();
    const session = await testSession();
    session.keyring = new ContentKeyring();
    const stop = await keepKeyring(db, session);
    const single = "0f8fad5b-d9cb-469f-a165-70867728950e";
    session.keyring.remember(NOTE, key(1));
    session.keyring.remember(NOTE, key(2));
    session.keyring.remember(single, key(3));
    await new Promise((r) => setTimeout(r, 300));
    session.keyring.remember(single, key(3));
    session.keyring.forget("1b4e28ba-2fa1-11d2-883f-0016d3cca427");
    await new Promise((r) => setTimeout(r, 300));
    stop();
    const stored = JSON.parse((await db.get("meta", "keyring")) ?? "{}");
    expect(Object.keys(stored.notes)).toEqual([NOTE]);

    const after = await testSession();
    (await keepKeyring(db, after))();
    expect(after.keyring?.keys(NOTE)).toEqual([key(2), key(1)]);
    expect(after.keyring?.keys(single)).toEqual([]);
  });
});
