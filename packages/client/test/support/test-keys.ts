// Fixed keys and a fixed-key session for unit tests, so failures are reproducible.
import { deriveSigningKeyPair, loadSodium } from "@notes/crypto";
import type { Session } from "../../src/vault/session";

export const NOTE_ID = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

export async function fixedSession(): Promise<Session> {
  const sodium = await loadSodium();
  const pair = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(1));
  return {
    identifier: "alice",
    token: "token",
    account: { id: "00000000-0000-4000-8000-0000000000a1" } as Session["account"],
    masterKey: new Uint8Array(32).fill(2),
    keyPair: { publicKey: pair.publicKey, privateKey: pair.privateKey },
    signingKeyPair: await deriveSigningKeyPair(sodium, new Uint8Array(32).fill(2)),
    kdfIterations: 600_000,
    kdfSalt: "AAAAAAAAAAAAAAAAAAAAAA==",
  };
}

export const FIXED_CEK = new Uint8Array(32).fill(3);
