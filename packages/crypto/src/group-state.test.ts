// Key handouts and roster entries against the independent vectors
// (scripts/group-state-vectors.mjs), and the ways a server might bend them.
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";
import { groupStateVectors as v } from "./group-state-vectors";
import { type Handout, handoutMessage, signHandout, verifyHandout } from "./key-handout";
import {
  memberKeysDigest,
  parseRosterEntry,
  type RosterEntry,
  rosterEntryHash,
  signRosterEntry,
  verifyRosterEntry,
} from "./roster-entry";
import { loadSodium } from "./sodium";

const sodium = await loadSodium();
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const fromHex = (s: string) => Uint8Array.from(Buffer.from(s, "hex"));
const pair = sodium.crypto_sign_seed_keypair(fromHex(v.owner.signingSeed));
const signer = { userId: v.owner.userId, secretKey: pair.privateKey };
const ownerKey = fromBase64(v.owner.signingPublicKey);

const handout: Handout = {
  noteId: v.noteId,
  epoch: v.handout.epoch,
  keyId: fromHex(v.keyId),
  recipientId: v.handout.recipientId,
  recipientPublicKey: fromBase64(v.bob.publicKey),
  wrappedCek: v.handout.wrappedCek,
};

describe("key handouts", () => {
  it("reproduce the vector's message and signature block", () => {
    expect(toBase64(pair.publicKey)).toBe(v.owner.signingPublicKey);
    expect(hex(sodium.crypto_generichash(32, fromHex(v.contentKey), null).subarray(0, 16))).toBe(
      v.keyId,
    );
    expect(hex(handoutMessage(sodium, handout))).toBe(v.handout.message);
    expect(signHandout(sodium, signer, handout)).toBe(v.handout.block);
    expect(verifyHandout(sodium, v.owner.userId, ownerKey, v.handout.block, handout)).toBe(true);
  });

  it("bind the note, epoch, key, recipient, recipient key, wrap and signer", () => {
    const block = v.handout.block;
    const other = "00000000-0000-4000-8000-0000000000ee";
    const bent: Handout[] = [
      { ...handout, noteId: other },
      { ...handout, epoch: 2 },
      { ...handout, keyId: new Uint8Array(16) },
      { ...handout, recipientId: other },
      { ...handout, recipientPublicKey: new Uint8Array(32).fill(9) },
      { ...handout, wrappedCek: toBase64(new Uint8Array(80)) },
    ];
    for (const h of bent)
      expect(verifyHandout(sodium, v.owner.userId, ownerKey, block, h)).toBe(false);
    expect(verifyHandout(sodium, v.bob.userId, ownerKey, block, handout)).toBe(false);
    expect(verifyHandout(sodium, v.owner.userId, ownerKey, "AAAA", handout)).toBe(false);
  });
});

const member = (p: { userId: string; publicKey: string; signingPublicKey?: string }) =>
  memberKeysDigest(
    sodium,
    fromBase64(p.publicKey),
    p.signingPublicKey ? fromBase64(p.signingPublicKey) : undefined,
  );

describe("roster entries", () => {
  const genesis: RosterEntry = {
    noteId: v.noteId,
    epoch: 0,
    prev: new Uint8Array(32),
    keyId: fromHex(v.keyId),
    members: [{ userId: v.owner.userId, role: "owner", keys: member(v.owner) }],
  };

  it("reproduce the vectors, members in any order", () => {
    const wire0 = signRosterEntry(sodium, signer, genesis);
    expect(toBase64(wire0)).toBe(v.rosterEntries[0]?.wire);
    expect(hex(rosterEntryHash(sodium, wire0))).toBe(v.rosterEntries[0]?.hash);
    const next: RosterEntry = {
      ...genesis,
      epoch: 1,
      prev: rosterEntryHash(sodium, wire0),
      members: [
        { userId: v.carol.userId, role: "viewer", keys: member(v.carol) },
        { userId: v.bob.userId, role: "editor", keys: member(v.bob) },
        ...genesis.members,
      ],
    };
    const wire1 = signRosterEntry(sodium, signer, next);
    expect(toBase64(wire1)).toBe(v.rosterEntries[1]?.wire);
    const parsed = parseRosterEntry(wire1);
    expect(parsed.signerId).toBe(v.owner.userId);
    expect(parsed.entry.epoch).toBe(1);
    expect(
      parsed.entry.members.map((m) => ({ userId: m.userId, role: m.role, keys: hex(m.keys) })),
    ).toEqual(v.rosterEntries[1]?.members);
    expect(verifyRosterEntry(sodium, v.owner.userId, ownerKey, wire1)).toBe(true);
  });

  it("refuse any changed byte, another signer, and malformed input", () => {
    const wire = fromBase64(v.rosterEntries[1]?.wire ?? "");
    for (const at of [20, 40, 80, 120, wire.length - 70, wire.length - 1]) {
      const bent = Uint8Array.from(wire);
      bent[at] = (bent[at] ?? 0) ^ 1;
      expect(verifyRosterEntry(sodium, v.owner.userId, ownerKey, bent)).toBe(false);
    }
    expect(verifyRosterEntry(sodium, v.bob.userId, ownerKey, wire)).toBe(false);
    expect(verifyRosterEntry(sodium, v.owner.userId, ownerKey, wire.subarray(0, 90))).toBe(false);
    expect(() => parseRosterEntry(wire.subarray(0, wire.length - 1))).toThrow();
  });
});
