// Sealed key pin shards against the independent vector (bytes laid out by hand,
// XChaCha20 built from node:crypto's ChaCha20-Poly1305), and what the format refuses:
// a shard served as another, a pin in the wrong shard, unknown flags, trailing bytes.
import { describe, expect, it } from "vitest";
import { fromBase64 } from "./base64";
import { DecryptionFailed, InvalidKeyPins } from "./errors";
import vectors from "./key-pin-shard-vectors.json";
import {
  decodeKeyPinShard,
  encodeKeyPinShard,
  type KeyPinShard,
  keyPinShardAssociatedData,
  keyPinShardOf,
  openKeyPinShard,
  sealKeyPinShard,
} from "./sealed-key-pin-shard";
import { openKeyPins } from "./sealed-key-pins";
import { loadSodium } from "./sodium";

const sodium = await loadSodium();
const v = vectors.keyPinShard;
const masterKey = fromBase64(v.masterKey);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const shard: KeyPinShard = {
  shard: v.shard,
  generation: v.generation,
  held: new Set(v.held),
  pins: v.pins.map((p) => ({
    userId: p.userId,
    publicKey: fromBase64(p.publicKey),
    ...(p.signingPublicKey && { signingPublicKey: fromBase64(p.signingPublicKey) }),
    verified: p.verified,
  })),
};

describe("sealed key pin shards", () => {
  it("reproduces the vector: the plaintext bytes, the associated data and the envelope", () => {
    expect(hex(encodeKeyPinShard(shard))).toBe(v.plaintext);
    expect(hex(keyPinShardAssociatedData(v.shard))).toBe(v.associatedData);
    expect(sealKeyPinShard(sodium, masterKey, shard, fromBase64(v.nonce))).toBe(v.sealed);
    expect(openKeyPinShard(sodium, masterKey, v.shard, v.sealed)).toEqual(shard);
  });

  it("writes pins in id order whatever order they come in, and 49 or 81 bytes a pin", () => {
    const reversed = { ...shard, pins: [...shard.pins].reverse() };
    expect(hex(encodeKeyPinShard(reversed))).toBe(v.plaintext);
    expect(encodeKeyPinShard(shard).length).toBe(42 + 81 + 49);
  });

  it("does not open as another shard, as the single sealed copy, or under another key", () => {
    expect(() => openKeyPinShard(sodium, masterKey, v.shard + 1, v.sealed)).toThrow(
      DecryptionFailed,
    );
    expect(() => openKeyPins(sodium, masterKey, v.sealed)).toThrow(DecryptionFailed);
    expect(() => openKeyPinShard(sodium, new Uint8Array(32), v.shard, v.sealed)).toThrow(
      DecryptionFailed,
    );
  });

  it("files each account by the first byte of its id", () => {
    expect(keyPinShardOf("7d000000-0000-4000-8000-00000000000a")).toBe(0x7d);
    expect(keyPinShardOf("00ffffff-0000-4000-8000-00000000000a")).toBe(0);
    expect(keyPinShardOf("FF000000-0000-4000-8000-00000000000a")).toBe(255);
  });

  it("refuses a pin in the wrong shard, one pinned twice, or a generation of 0", () => {
    const stray = {
      ...shard,
      pins: [
        {
          ...(shard.pins[1] as KeyPinShard["pins"][number]),
          userId: "7e000000-0000-4000-8000-00000000000b",
        },
      ],
    };
    expect(() => encodeKeyPinShard(stray)).toThrow(InvalidKeyPins);
    const twice = { ...shard, pins: [shard.pins[0], shard.pins[0]] as KeyPinShard["pins"] };
    expect(() => encodeKeyPinShard(twice)).toThrow(InvalidKeyPins);
    expect(() => encodeKeyPinShard({ ...shard, generation: 0 })).toThrow(InvalidKeyPins);
  });

  it("refuses plaintexts that break the format", () => {
    const good = encodeKeyPinShard(shard);
    const changed = (at: number, value: number) => {
      const copy = Uint8Array.from(good);
      copy[at] = value;
      return copy;
    };
    const bad = [
      changed(0, 2), // another format
      good.map((b, i) => (i >= 2 && i < 6 ? 0 : b)), // generation 0
      changed(6 + (0x7d >> 3), 0), // the map leaves the shard itself out
      changed(42, 0x7e), // a pin of another shard
      changed(42 + 16, 0x07), // an unknown flag bit
      Uint8Array.from([...good, 0]), // bytes after the last pin
      good.subarray(0, good.length - 1), // cut short
    ];
    for (const bytes of bad) expect(() => decodeKeyPinShard(bytes)).toThrow(InvalidKeyPins);
  });
});
