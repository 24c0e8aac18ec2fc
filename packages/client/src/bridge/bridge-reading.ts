// Reading one transmission (contract.md §9; docs/client-crypto.md "Signed content" and
// "Bridge transmissions, version 2"): open it under the key of its own epoch, read the
// version-2 header when there is one, check the signature against the signer's pinned
// key, and say what the server could have done to it. A signature missing where the
// author is known to sign was stripped (issue 33, item 5); a message id seen before at
// another seq is a replay, not a new message (item 11). `authorId`, `authorHandle`,
// `seq` and `createdAt` stay the server's word; `sentAt` and the signature are not.
import {
  decodeBridgeMessage,
  fromBase64,
  openTransmission,
  type Sodium,
  utf8Decode,
} from "@notes/crypto";
import type { Output } from "../api/types";
import { keyPinsOf } from "../trust/pin-check";
import { checkSignature, type SignatureCheck } from "../trust/signature-check";
import type { Session } from "../vault/session";
import type { BridgeKeyring } from "./bridge-keys";
import type { BridgeMemory } from "./bridge-memory";

export type Transmission = Output<"bridge.readMessage">;

export type BridgeSignatureCheck =
  | SignatureCheck
  /** No signature, from an author known to sign: the server (or a relay) removed it. */
  | { status: "stripped" };

export interface BridgeEntry {
  seq: number;
  /** When the server says it stored the transmission. */
  createdAt: string;
  epochId: string;
  authorId?: string;
  /** The author's handle, when the server names one (the account has a handle). */
  authorHandle?: string;
  /** The words; absent when this member holds no key of that epoch or it does not open. */
  text?: string;
  /**
   * The transmission's signature as checked here (with a session, on opened words):
   * "signed" names who really wrote it, whatever `authorId` says.
   */
  signature?: BridgeSignatureCheck;
  /** The author's send time (version 2, sealed and signed with the words). */
  sentAt?: string;
  /** The author's id for the message (version 2). */
  messageId?: string;
  /** The seq where this message was first seen: this one is a copy served again. */
  replayOf?: number;
}

export interface ReadingContext {
  sodium: Sodium;
  keys: BridgeKeyring;
  ownId: string;
  memory: BridgeMemory;
  session?: Session;
  /** Each message id read so far, with the lowest seq it was seen at. */
  firstSeen: Map<string, number>;
}

/** The entry, and whether its signer is someone this device has no key for yet. */
export function readTransmission(
  context: ReadingContext,
  transmission: Transmission,
): { entry: BridgeEntry; unknownSigner: boolean } {
  const { seq, createdAt, epochId, authorId, authorHandle } = transmission;
  const entry: BridgeEntry = {
    seq,
    createdAt,
    epochId,
    ...(authorId && { authorId }),
    ...(authorId && typeof authorHandle === "string" && authorHandle && { authorHandle }),
  };
  const key = context.keys.get(epochId);
  if (!key) return { entry, unknownSigner: false };
  let message: ReturnType<typeof decodeBridgeMessage>;
  let text: string;
  try {
    message = decodeBridgeMessage(openTransmission(context.sodium, key, transmission.body));
    text = utf8Decode(message.text);
  } catch {
    // Sealed wrongly or by a member under a forged fingerprint: shown as unreadable.
    return { entry, unknownSigner: false };
  }
  const read: BridgeEntry = { ...entry, text };
  if (message.version === 2) {
    read.messageId = message.id;
    read.sentAt = new Date(message.sentAt).toISOString();
    const replayOf = firstSeenAt(context.firstSeen, message.id, seq);
    if (replayOf !== undefined) read.replayOf = replayOf;
  }
  if (!context.session) return { entry: read, unknownSigner: false };
  const signature = checkTransmission(context, context.session, transmission, key, message);
  return { entry: { ...read, signature }, unknownSigner: signature.status === "unknown-signer" };
}

/** Records `seq` for `id`; answers the earlier seq when this is not the first. */
function firstSeenAt(firstSeen: Map<string, number>, id: string, seq: number): number | undefined {
  const first = firstSeen.get(id);
  if (first === undefined || seq < first) {
    firstSeen.set(id, seq);
    return undefined;
  }
  return first === seq ? undefined : first;
}

function checkTransmission(
  context: ReadingContext,
  session: Session,
  transmission: Transmission,
  key: Uint8Array,
  message: ReturnType<typeof decodeBridgeMessage>,
): BridgeSignatureCheck {
  const bridgeContext = { kind: "bridgeTransmission", scope: null, key } as const;
  const body = fromBase64(transmission.body);
  const check = checkSignature(
    context.sodium,
    session,
    transmission.signature,
    bridgeContext,
    body,
  );
  if (check.status === "signed") {
    context.memory.addSigner(check.signerId);
    // Someone who spoke under a key this device trusts holds it rightfully: vouched for.
    if (context.memory.isTrusted(transmission.epochId) && check.signerId !== context.ownId)
      context.memory.vouch(check.signerId);
  }
  if (check.status !== "unsigned") return check;
  return knownToSign(context, session, message, transmission.authorId)
    ? { status: "stripped" }
    : check;
}

/**
 * Whether a transmission without a signature should have had one: its sealed bytes say
 * it was signed, or the author it is served under signs (their signing key is pinned,
 * or this device saw them sign, or it is this account, whose clients all sign).
 */
function knownToSign(
  context: ReadingContext,
  session: Session,
  message: ReturnType<typeof decodeBridgeMessage>,
  authorId: string | undefined,
): boolean {
  if (message.version === 2 && message.signed) return true;
  if (!authorId) return false;
  const author = authorId.toLowerCase();
  return (
    author === context.ownId ||
    context.memory.isSigner(author) ||
    keyPinsOf(session).get(author)?.signingPublicKey !== undefined
  );
}
