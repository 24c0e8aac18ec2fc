// The new device's side of a device link (contract.md §3, §4, §9): answer the code
// with an ephemeral key and the proof, wait for the seal, open it, claim the link
// (the minted token becomes a full session) and unlock the account's keys. The session
// starts with the seen heads the seal carried (linked-heads.ts).
import { claimerProof, generateLinkKeyPair, type LinkKeyPair, toBase64 } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { Output } from "../api/types";
import { MissingKeyMaterial } from "../errors";
import { ContentKeyring } from "../keys/content-keyring";
import { MemoryKeyPins } from "../trust/key-pins";
import { MemorySeenStates } from "../trust/seen-states";
import { assertKdfStrength, type Session } from "../vault/session";
import { openSigningKeyPair, storeNewKeyPair, unwrapKeyPair } from "../vault/unlock";
import { linkFingerprint } from "./fingerprint";
import type { LinkCode } from "./link-code";
import { decodeLinkedHeads } from "./linked-heads";
import { openAuthenticSeal } from "./open-seal";

export interface DeviceLinkClaim extends LinkCode {
  keyPair: LinkKeyPair;
  /** The code the signed-in device shows when it asks to confirm this device. */
  fingerprint: string;
}

export type LinkSeal = Output<"deviceLinks.readSeal">;

export async function answerDeviceLink(api: ApiClient, code: LinkCode): Promise<DeviceLinkClaim> {
  const keyPair = await generateLinkKeyPair();
  await api.call("deviceLinks.claimer", {
    id: code.linkId,
    claimerPubKey: toBase64(keyPair.publicKey),
    claimerProof: toBase64(await claimerProof(code.secret, keyPair.publicKey)),
  });
  return { ...code, keyPair, fingerprint: await linkFingerprint(keyPair.publicKey) };
}

/** The seal once the signed-in device put it; undefined while it has not (404 not-sealed). */
export async function readDeviceLinkSeal(
  api: ApiClient,
  claim: LinkCode,
): Promise<LinkSeal | undefined> {
  try {
    return await api.call("deviceLinks.readSeal", { id: claim.linkId });
  } catch (error) {
    if (isProblem(error, "not-sealed")) return undefined;
    throw error;
  }
}

/**
 * Opens the seal, claims the link with the minted token and unlocks the account.
 * Throws DeviceLinkForged, before the token or the master key is used, when the seal
 * is not the one the device that showed the code made.
 */
export async function claimDeviceLink(
  api: ApiClient,
  claim: DeviceLinkClaim,
  seal: LinkSeal,
): Promise<Session> {
  const { masterKey, token, seen } = await openAuthenticSeal(claim, seal);
  // What the signed-in device saw of each note is this device's start (issue 33, item
  // 12): the seal is authentic, so the server could neither drop nor lower it.
  const seenStates = new MemorySeenStates(linkedHeads(seen));
  api.setToken(token);
  await api.call("deviceLinks.claim", { id: claim.linkId });
  const account = await api.call("account.get", {});
  const identifier = account.handle ?? account.email;
  if (!identifier) throw new MissingKeyMaterial("the account has neither a handle nor an e-mail");
  const params = await api.call("accounts.lookupAuthParams", { identifier });
  assertKdfStrength(params.kdfIterations);
  return {
    identifier,
    token,
    account,
    masterKey,
    ...(await accountKeys(api, masterKey)),
    kdfIterations: params.kdfIterations,
    kdfSalt: params.kdfSalt,
    keyring: new ContentKeyring(),
    keyPins: new MemoryKeyPins(),
    seenStates,
  };
}

async function accountKeys(
  api: ApiClient,
  masterKey: Uint8Array,
): Promise<Pick<Session, "keyPair" | "signingKeyPair">> {
  try {
    const stored = await api.call("keypair.get", {});
    return {
      keyPair: await unwrapKeyPair(masterKey, stored.wrappedPrivateKey, stored.publicKey),
      signingKeyPair: await openSigningKeyPair(api, masterKey, stored.signingPublicKey),
    };
  } catch (error) {
    if (!isProblem(error, "no-keypair")) throw error;
    return {
      keyPair: await storeNewKeyPair(api, masterKey),
      signingKeyPair: await openSigningKeyPair(api, masterKey, undefined),
    };
  }
}

/** The seal's seen heads; none when absent, or not whole heads (a faulty sealer). */
function linkedHeads(seen: string | undefined) {
  if (!seen) return [];
  try {
    return decodeLinkedHeads(seen, new Date().toISOString());
  } catch {
    return [];
  }
}
