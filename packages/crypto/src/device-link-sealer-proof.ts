// The sealer's proof (docs/client-crypto.md, "Authenticated device-link seal"): the
// device that showed the QR code proves that a seal is its own. The claimer's proof
// (device-link-proof.ts) already tells the sealing device that the claimer read the
// code; nothing told the claimer where the seal came from, so a server could hand it
// a seal of its own making (its ECDH key, its master key, its token). Now the sealer
// MACs the whole transfer under a key only the two devices can derive from the QR
// secret, and puts the MAC inside the sealed payload, where the server cannot see or
// strip it:
//   proofKey = HKDF(secret, "notes/device-link-sealer-proof/v1")
//   message  = for each of linkId (UTF-8, lower case), sealerPubKey (SPKI),
//              claimerPubKey (SPKI), masterKey (32 bytes), token (UTF-8):
//              4-byte big-endian length ‖ bytes
//   sealerProof = HMAC-SHA256(proofKey, message)
// The key is derived, not the raw secret, so this MAC and claimerProof (keyed by the
// raw secret) can never be confused. WebCrypto, like its sibling the claimer's proof.
import { LINK_SECRET_BYTES } from "./device-link-proof";
import { assertLength } from "./errors";
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";
import { utf8Encode } from "./utf8";

export const SEALER_PROOF_BYTES = 32;

/** What the proof binds: the link, both ephemeral keys, and what the seal carries. */
export interface SealedTransfer {
  linkId: string;
  sealerPubKey: Uint8Array;
  claimerPubKey: Uint8Array;
  masterKey: Uint8Array;
  token: string;
}

/** The MAC's input: each field length-prefixed, so no two transfers share bytes. */
export function sealerProofMessage(transfer: SealedTransfer): Uint8Array {
  assertLength(transfer.masterKey, 32, "master key");
  const fields = [
    utf8Encode(transfer.linkId.toLowerCase()),
    transfer.sealerPubKey,
    transfer.claimerPubKey,
    transfer.masterKey,
    utf8Encode(transfer.token),
  ];
  const out = new Uint8Array(fields.reduce((sum, f) => sum + 4 + f.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const field of fields) {
    view.setUint32(at, field.length);
    out.set(field, at + 4);
    at += 4 + field.length;
  }
  return out;
}

async function proofKey(secret: Uint8Array): Promise<CryptoKey> {
  assertLength(secret, LINK_SECRET_BYTES, "link secret");
  const raw = await hkdfSha256(secret, HKDF_LABELS.deviceLinkSealerProof);
  return crypto.subtle.importKey(
    "raw",
    new Uint8Array(raw),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

export async function sealerProof(
  secret: Uint8Array,
  transfer: SealedTransfer,
): Promise<Uint8Array> {
  const key = await proofKey(secret);
  return new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new Uint8Array(sealerProofMessage(transfer))),
  );
}

/** Constant-time check (WebCrypto's verify) that `proof` was made with this link's secret. */
export async function verifySealerProof(
  secret: Uint8Array,
  transfer: SealedTransfer,
  proof: Uint8Array,
): Promise<boolean> {
  const key = await proofKey(secret);
  return crypto.subtle.verify(
    "HMAC",
    key,
    new Uint8Array(proof),
    new Uint8Array(sealerProofMessage(transfer)),
  );
}
