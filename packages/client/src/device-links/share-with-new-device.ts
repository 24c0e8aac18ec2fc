// The signed-in device's side of a device link (contract.md §3, §4, §9): open the
// link (the server mints the new device's token), show {linkId, secret}, watch for a
// claimer, check its proof, and after the person confirms seal the master key and the
// token to the claimer's ephemeral key.
import {
  deriveLinkKey,
  fromBase64,
  generateLinkKeyPair,
  generateLinkSecret,
  sealerProof,
  sealLinkPayload,
  toBase64,
  verifyClaimerProof,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { ClientError } from "../errors";
import type { SeenState } from "../trust/seen-states";
import { linkFingerprint } from "./fingerprint";
import { formatLinkCode, type LinkCode, linkQrText } from "./link-code";
import { encodeLinkedHeads } from "./linked-heads";
import { encodeLinkPayload } from "./payload";

export interface OpenedDeviceLink extends LinkCode {
  /** The new device's session, limited until it claims; travels only sealed. */
  token: string;
  expiresAt: string;
  /** JSON for the QR code. */
  qrText: string;
  /** The same data as a short code to copy. */
  code: string;
}

export type DeviceLinkProgress =
  | { status: "pending" }
  | {
      status: "offered";
      claimerPubKey: Uint8Array;
      fingerprint: string;
      /** How the server saw the new device ("Chrome on Linux"); a hint, not a proof. */
      claimerLabel?: string;
    }
  | { status: "sealed" }
  | { status: "claimed" };

/**
 * The device that answered the link did not prove it read the code: someone guessed
 * or intercepted the link id. Nothing is sealed; open a new link.
 */
export class ClaimerProofRefused extends ClientError {
  override readonly name = "ClaimerProofRefused";
  constructor() {
    super("the device that answered did not read this link's code");
  }
}

export async function openDeviceLink(api: ApiClient): Promise<OpenedDeviceLink> {
  const opened = await api.call("deviceLinks.open", {});
  const code: LinkCode = { linkId: opened.id, secret: generateLinkSecret() };
  return {
    ...code,
    token: opened.token,
    expiresAt: opened.expiresAt,
    qrText: linkQrText(code),
    code: formatLinkCode(code),
  };
}

export async function readDeviceLink(api: ApiClient, link: LinkCode): Promise<DeviceLinkProgress> {
  const state = await api.call("deviceLinks.read", { id: link.linkId });
  if (state.status !== "offered") return { status: state.status };
  if (!state.claimerPubKey || !state.claimerProof) throw new ClaimerProofRefused();
  const claimerPubKey = fromBase64(state.claimerPubKey);
  const proven = await verifyClaimerProof(
    link.secret,
    claimerPubKey,
    fromBase64(state.claimerProof),
  );
  if (!proven) throw new ClaimerProofRefused();
  return {
    status: "offered",
    claimerPubKey,
    fingerprint: await linkFingerprint(claimerPubKey),
    ...(state.claimerLabel && { claimerLabel: state.claimerLabel }),
  };
}

/**
 * Seals the master key and the minted token to the claimer the person confirmed, with
 * the sealer proof inside: the new device refuses a seal without it, which is what
 * keeps the server from slipping in one of its own. `seen`, this device's seen states,
 * travel inside too (issue 33, item 12): the new device starts from them, so the server
 * cannot serve it older notes than this device saw.
 */
export async function sealDeviceLink(
  api: ApiClient,
  link: OpenedDeviceLink,
  masterKey: Uint8Array,
  claimerPubKey: Uint8Array,
  seen: readonly SeenState[] = [],
): Promise<void> {
  const sealer = await generateLinkKeyPair();
  const key = await deriveLinkKey(sealer.privateKey, claimerPubKey);
  const { linkId, token } = link;
  const transfer = { linkId, sealerPubKey: sealer.publicKey, claimerPubKey, masterKey, token };
  const proof = await sealerProof(link.secret, transfer);
  const payload = encodeLinkPayload({
    masterKey,
    token,
    sealerProof: proof,
    seen: encodeLinkedHeads(seen),
  });
  await api.call("deviceLinks.putSeal", {
    id: link.linkId,
    sealerPubKey: toBase64(sealer.publicKey),
    sealed: await sealLinkPayload(key, link.linkId, payload),
  });
}
