// Test support (not exported): bridge members with whole sessions (sharing and signing
// keys made from fixed seeds, pins of their own), registered with a FakeBridge, so the
// hostile-server tests can play several devices against one lying server.
import { deriveSigningKeyPair, loadSodium, type SharingKeyPair, toBase64 } from "@notes/crypto";
import { createApiClient } from "../../src/api/client";
import { BridgeLog } from "../../src/bridge/bridge-log";
import type { BridgeMemory } from "../../src/bridge/bridge-memory";
import { MemoryKeyPins } from "../../src/trust/key-pins";
import type { Session } from "../../src/vault/session";
import type { FakeBridge } from "./test-bridge-server";

const sodium = await loadSodium();

export interface TestMember {
  id: string;
  handle: string;
  session: Session;
  keyPair: SharingKeyPair;
  /** A fresh BridgeLog for this member (a page load), remembering in `memory`. */
  log(memory?: BridgeMemory): BridgeLog;
}

/** An account id ending in `n` (two hex digits), as the tests name people. */
export const accountId = (n: number) =>
  `00000000-0000-4000-8000-0000000000${n.toString(16).padStart(2, "0")}`;

/** A member from `seed`, listed by `bridge` with its keys (the honest server's roster). */
export async function bridgeMember(bridge: FakeBridge, seed: number, handle: string) {
  const member = await memberFromSeed(bridge, seed, handle);
  bridge.members.set(member.id, toBase64(member.keyPair.publicKey));
  bridge.signingKeys.set(member.id, toBase64(member.session.signingKeyPair.publicKey));
  bridge.handles.set(member.id, handle);
  return member;
}

/** Keys the test (the server) holds: for a ghost the server lists, or a key of its own. */
export async function memberFromSeed(
  bridge: FakeBridge,
  seed: number,
  handle: string,
): Promise<TestMember> {
  const pair = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(seed));
  const keyPair = { publicKey: pair.publicKey, privateKey: pair.privateKey };
  const masterKey = new Uint8Array(32).fill(seed + 1);
  const id = accountId(seed);
  const session: Session = {
    identifier: handle,
    token: `token-${handle}`,
    account: { id, handle } as Session["account"],
    masterKey,
    keyPair,
    signingKeyPair: await deriveSigningKeyPair(sodium, masterKey),
    kdfIterations: 600_000,
    kdfSalt: "AAAAAAAAAAAAAAAAAAAAAA==",
    keyPins: new MemoryKeyPins(),
  };
  const api = createApiClient({ baseUrl: "https://notes.test", fetch: bridge.fetchAs(id) });
  const log = (memory?: BridgeMemory) =>
    new BridgeLog(api, sodium, keyPair, id, session.keyPins, session, memory);
  return { id, handle, session, keyPair, log };
}

/** `by` compared safety numbers with `with` and they matched: a verified pin. */
export function compared(by: TestMember, other: TestMember): void {
  by.session.keyPins?.set({
    userId: other.id,
    publicKey: other.keyPair.publicKey,
    signingPublicKey: other.session.signingKeyPair.publicKey,
    verified: true,
  });
}
