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
});
