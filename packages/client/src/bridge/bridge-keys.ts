// The bridge keys this member holds, and handing them out as signed handouts (issue 33,
// item 1; docs/client-crypto.md "Signed bridge key handouts"). Every wrap addressed to
// this member is opened with the sharing keypair and checked against its epoch
// fingerprint (a wrap that does not open is left out, not fatal): that is enough to
// read what was said under it. Whether the key may be *spoken under* is another matter:
// a wrap is anonymous, so only its handout's signature, checked under the signer's key
// as this device knows it, says who handed it out and with which epoch number.
import {
  type BridgeKey,
  CryptoError,
  fromBase64,
  generateBridgeKey,
  openBridgeKey,
  readSignatureBlock,
  type SharingKeyPair,
  type Sodium,
  sealBridgeKey,
  signBridgeHandout,
  verifyBridgeHandout,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import { keyTransparencyFor } from "../trust/key-transparency";
import { checkSeenKey, keyPinsOf } from "../trust/pin-check";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

export type BridgeKeyring = Map<string, Uint8Array>;

/** A bridge key with its epoch number: what a handout hands out. */
export interface NumberedBridgeKey extends BridgeKey {
  number: number;
}

/** How a wrap's handout checked out on this device. */
export type HandoutCheck =
  /** Signed by `signerId` under the key this device knows for them, for this member. */
  | { status: "verified"; signerId: string; number: number }
  /** No signature or no number: a wrap from before handouts were signed, or anyone's. */
  | { status: "unsigned" }
  /** A block that is malformed or does not verify (for this member, key and wrap). */
  | { status: "invalid" }
  /** Nobody's signing key is known here for the signer the block names. */
  | { status: "unknown-signer"; signerId: string };

export interface HeldEpoch extends BridgeKey {
  handout: HandoutCheck;
}

type Wrap = Output<"bridge.listKeys">["wraps"][number];

/** Every key addressed to this member, by epochId (for reading what was said under it). */
export async function loadBridgeKeys(
  api: ApiClient,
  sodium: Sodium,
  keyPair: SharingKeyPair,
): Promise<BridgeKeyring> {
  const { wraps } = await api.call("bridge.listKeys", {});
  const keys: BridgeKeyring = new Map();
  for (const wrap of wraps) {
    const key = openWrap(sodium, wrap, keyPair);
    if (key) keys.set(wrap.epochId, key);
  }
  return keys;
}

/** Every key addressed to this member, each with its handout checked. */
export async function loadHeldEpochs(
  api: ApiClient,
  sodium: Sodium,
  session: Session,
): Promise<HeldEpoch[]> {
  const { wraps } = await api.call("bridge.listKeys", {});
  return wraps.flatMap((wrap) => {
    const key = openWrap(sodium, wrap, session.keyPair);
    if (!key) return [];
    return [{ key, epochId: wrap.epochId, handout: checkHandout(sodium, session, wrap, key) }];
  });
}

function openWrap(sodium: Sodium, wrap: Wrap, keyPair: SharingKeyPair): Uint8Array | undefined {
  try {
    return openBridgeKey(sodium, wrap.wrappedKey, wrap.epochId, keyPair);
  } catch (error) {
    if (!(error instanceof CryptoError)) throw error;
    return undefined;
  }
}

function checkHandout(sodium: Sodium, session: Session, wrap: Wrap, key: Uint8Array): HandoutCheck {
  const { signature, epochNumber } = wrap;
  if (!signature || epochNumber === undefined) return { status: "unsigned" };
  let signerId: string;
  try {
    signerId = readSignatureBlock(signature).signerId;
  } catch {
    return { status: "invalid" };
  }
  const own = signerId === session.account.id.toLowerCase();
  const signingKey = own
    ? session.signingKeyPair.publicKey
    : keyPinsOf(session).get(signerId)?.signingPublicKey;
  if (!signingKey) return { status: "unknown-signer", signerId };
  const handout = {
    epochNumber,
    key,
    recipientId: session.account.id,
    recipientPublicKey: session.keyPair.publicKey,
    wrappedKey: wrap.wrappedKey,
  };
  return verifyBridgeHandout(sodium, signingKey, signature, handout)
    ? { status: "verified", signerId, number: epochNumber }
    : { status: "invalid" };
}

/**
 * Seals `epoch` to one member's `publicKey` (the caller checked it against its pins) and
 * posts it with this session's handout signature and the epoch number.
 */
export async function handOut(
  api: ApiClient,
  sodium: Sodium,
  session: Session,
  epoch: NumberedBridgeKey,
  recipientId: string,
  publicKey: Uint8Array,
): Promise<void> {
  const wrappedKey = sealBridgeKey(sodium, epoch.key, publicKey);
  const signature = signBridgeHandout(sodium, signerOf(session), {
    epochNumber: epoch.number,
    key: epoch.key,
    recipientId,
    recipientPublicKey: publicKey,
    wrappedKey,
  });
  await api.call("bridge.sealKey", {
    recipientId,
    epochId: epoch.epochId,
    wrappedKey,
    signature,
    epochNumber: epoch.number,
  });
}

type Lacking = Output<"bridge.listLacking">["members"][number];

/** Someone lacking the current key: let in, or waiting for a member to let them in. */
export interface BridgeNewcomer {
  userId: string;
  /** The handle the server names them by, when the account has one. */
  handle?: string;
}

export interface BridgeWelcome {
  /** Handed the key just now, unasked: members this device vouches for. */
  welcomed: BridgeNewcomer[];
  /** Lacking the key, and nobody this device vouches for: a person must let them in. */
  waiting: BridgeNewcomer[];
}

const newcomer = (m: Lacking): BridgeNewcomer => ({
  userId: m.userId,
  ...(m.handle && { handle: m.handle }),
});

/**
 * Hands `member` the key: to the key pinned for them (a different listed key throws
 * PublicKeyChanged before anything is sealed; the first one seen is pinned).
 */
export async function handOutToMember(
  api: ApiClient,
  sodium: Sodium,
  session: Session,
  epoch: NumberedBridgeKey,
  member: Lacking,
): Promise<BridgeNewcomer> {
  const listed = fromBase64(member.publicKey);
  const signing = member.signingPublicKey ? fromBase64(member.signingPublicKey) : undefined;
  const pins = keyPinsOf(session);
  const kt = keyTransparencyFor(api);
  const carried = member.keyTransparency;
  const publicKey = await checkSeenKey(pins, member.userId, listed, signing, kt, carried);
  await handOut(api, sodium, session, epoch, member.userId, publicKey);
  return newcomer(member);
}

/**
 * Hands `epoch` to every member lacking it whom `vouches` accepts, asking again until
 * nobody new is listed (at most 100 a page); everyone else is answered as waiting. Being
 * listed by the server is never enough (issue 33, item 2).
 */
export async function sealToMembersLacking(
  api: ApiClient,
  sodium: Sodium,
  session: Session,
  epoch: NumberedBridgeKey,
  vouches: (userId: string) => boolean,
): Promise<BridgeWelcome> {
  const welcome: BridgeWelcome = { welcomed: [], waiting: [] };
  const tried = new Set<string>();
  for (;;) {
    const { members } = await api.call("bridge.listLacking", { epochId: epoch.epochId });
    const fresh = members.filter((m) => !tried.has(m.userId));
    if (fresh.length === 0) return welcome;
    for (const member of fresh) {
      tried.add(member.userId);
      // This member holds what it hands out; a key listed for it is never sealed to.
      if (member.userId === session.account.id.toLowerCase()) continue;
      if (!vouches(member.userId)) welcome.waiting.push(newcomer(member));
      else welcome.welcomed.push(await handOutToMember(api, sodium, session, epoch, member));
    }
  }
}

/**
 * A new epoch numbered `number`: a fresh key handed to this member first, then to every
 * member `vouches` accepts. The first member calls this to open the bridge; any member
 * to rotate.
 */
export async function startEpoch(
  api: ApiClient,
  sodium: Sodium,
  session: Session,
  number: number,
  vouches: (userId: string) => boolean,
): Promise<{ epoch: NumberedBridgeKey; welcome: BridgeWelcome }> {
  const epoch = { ...generateBridgeKey(sodium), number };
  await handOut(api, sodium, session, epoch, session.account.id, session.keyPair.publicKey);
  const welcome = await sealToMembersLacking(api, sodium, session, epoch, vouches);
  return { epoch, welcome };
}
