// Test support (not exported): a wrap with the owner's signed key handout beside it
// (issue 33), as an honest owner's client writes it and a note state carries it.
import { type Signer, type Sodium, sealCek } from "@notes/crypto";
import { handOut } from "../../src/trust/key-handouts";
import type { Session } from "../../src/vault/session";

export interface HandoutFields {
  wrappedCek: string;
  wrappedCekSignature: string;
  wrappedCekEpoch: number;
}

/** `cek` sealed to `recipient`, handed out by `owner` at roster `epoch`. */
export function handedOut(
  sodium: Sodium,
  owner: Signer & { signingPublicKey?: Uint8Array },
  noteId: string,
  epoch: number,
  cek: Uint8Array,
  recipient: { userId: string; publicKey: Uint8Array },
): HandoutFields {
  const wrappedCek = sealCek(sodium, cek, recipient.publicKey);
  // handOut signs as the session's account: a stand-in session of the owner.
  const asOwner = {
    account: { id: owner.userId },
    signingKeyPair: { secretKey: owner.secretKey },
  } as unknown as Session;
  return {
    wrappedCek,
    wrappedCekSignature: handOut(sodium, asOwner, noteId, epoch, cek, recipient, wrappedCek),
    wrappedCekEpoch: epoch,
  };
}
