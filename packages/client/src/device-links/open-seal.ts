// The new device's check that the seal is the signed-in device's (docs/client-crypto.md,
// "Authenticated device-link seal"). The seal arrives through the server, which could
// answer one of its own making: its ECDH key, its master key, its token. Opening alone
// proves nothing then, as the server chose the key it opens under; the sealer proof
// inside, a MAC keyed from the QR secret the server never saw, does. Whatever fails,
// the answer is DeviceLinkForged and nothing from the seal is used.
import { deriveLinkKey, fromBase64, openLinkPayload, verifySealerProof } from "@notes/crypto";
import { DeviceLinkForged } from "../errors";
import type { DeviceLinkClaim, LinkSeal } from "./join-by-link";
import { decodeLinkPayload, type LinkPayload } from "./payload";

export async function openAuthenticSeal(
  claim: DeviceLinkClaim,
  seal: LinkSeal,
): Promise<LinkPayload> {
  let sealerPubKey: Uint8Array;
  let payload: LinkPayload;
  try {
    sealerPubKey = fromBase64(seal.sealerPubKey);
    const key = await deriveLinkKey(claim.keyPair.privateKey, sealerPubKey);
    payload = decodeLinkPayload(await openLinkPayload(key, claim.linkId, seal.sealed));
  } catch {
    // Not an SPKI key, not opening under it, or not the payload's shape.
    throw new DeviceLinkForged("unopenable");
  }
  // A device from before sealer proofs is refused too: both sides ship together, and
  // accepting an unproven seal is exactly what the forging server needs.
  if (!payload.sealerProof) throw new DeviceLinkForged("unproven");
  const transfer = {
    linkId: claim.linkId,
    sealerPubKey,
    claimerPubKey: claim.keyPair.publicKey,
    masterKey: payload.masterKey,
    token: payload.token,
  };
  if (!(await verifySealerProof(claim.secret, transfer, payload.sealerProof))) {
    throw new DeviceLinkForged("proof-mismatch");
  }
  return payload;
}
