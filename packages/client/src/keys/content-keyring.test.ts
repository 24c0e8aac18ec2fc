// The keyring keeps every key newest first, persists wrapped under the master key and
// comes back identical; a ring stored by another account does not open.
import { DecryptionFailed, loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { ContentKeyring } from "./content-keyring";
import { exportKeyring, importKeyring } from "./keyring-storage";

const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const key = (n: number) => new Uint8Array(32).fill(n);

describe("ContentKeyring", () => {
  it("keeps keys newest first, once each, and tells listeners of real changes", () => {
    const ring = new ContentKeyring();
    const heard: string[] = [];
    ring.onChange((id) => heard.push(id));
    ring.remember(NOTE, key(1));
    ring.remember(NOTE, key(2));
    ring.remember(NOTE, key(2));
    ring.remember(NOTE.toUpperCase(), key(1));
    expect(ring.keys(NOTE)).toEqual([key(1), key(2)]);
    expect(heard).toHaveLength(3);
    ring.restore(NOTE, [key(2), key(3)]);
    expect(ring.keys(NOTE)).toEqual([key(1), key(2), key(3)]);
  });

  it("round-trips through storage wrapped under the master key, and only that key", async () => {
    const sodium = await loadSodium();
    const ring = new ContentKeyring();
    ring.remember(NOTE, key(1));
    ring.remember(NOTE, key(2));
    const stored = exportKeyring(sodium, key(9), ring);
    expect(JSON.stringify(stored)).not.toContain(btoa(String.fromCharCode(...key(1))));
    expect(importKeyring(sodium, key(9), stored).keys(NOTE)).toEqual([key(2), key(1)]);
    expect(() => importKeyring(sodium, key(8), stored)).toThrow(DecryptionFailed);
  });
});
