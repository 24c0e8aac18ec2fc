// Wraps of the bridge key (contract.md §3): a member seals the key of an epoch to
// another member's sharing public key (crypto_box_seal), or to itself when it
// makes the first key or a rotation. Both sides need bridge access and the
// recipient a public key. A recipient keeps the first wrap it got for an epoch, so
// a later one can never replace a good wrap; the repeat answers the stored wrap.
// A signed handout (issue 33, item 1; docs/client-crypto.md "Signed bridge key
// handouts") sends the sender's signature block and the epoch number with the wrap:
// both or neither, the block naming the caller. They are stored and served opaquely
// (the server cannot check what they sign: the key is sealed).
import { accounts, bridgeKeys } from "@notes/db";
import { and, desc, eq } from "drizzle-orm";
import { isPremium, tierOf } from "../accounts/tier";
import type { Core } from "../core";
import { DomainError, invalidRequest } from "../errors";
import { toBase64 } from "../shared/base64";
import { requireCallerSigned } from "../shared/signature-block";
import type { Caller } from "../types";
import { bridgeAccessRequired, requireBridgeAccess } from "./access";

export interface KeyWrap {
  epochId: string;
  wrappedKey: string;
  senderId?: string;
  createdAt: string;
  /** The handout's signature block, when the sender signed it. */
  signature?: string;
  /** The bridge epoch counter the handout names. */
  epochNumber?: number;
}

const wrapColumns = {
  epochId: bridgeKeys.epochId,
  wrappedKey: bridgeKeys.wrappedKey,
  senderId: bridgeKeys.senderId,
  createdAt: bridgeKeys.createdAt,
  signature: bridgeKeys.signature,
  epochNumber: bridgeKeys.epochNumber,
};

/** The field-error detail when one half of a signed handout comes without the other. */
export const HANDOUT_PAIR_RULE = "A handout's signature and epochNumber come together.";

function toKeyWrap(row: {
  epochId: string;
  wrappedKey: Uint8Array;
  senderId: string | null;
  createdAt: Date;
  signature: Uint8Array | null;
  epochNumber: number | null;
}): KeyWrap {
  return {
    epochId: row.epochId,
    wrappedKey: toBase64(row.wrappedKey),
    ...(row.senderId !== null && { senderId: row.senderId }),
    createdAt: row.createdAt.toISOString(),
    ...(row.signature !== null && { signature: toBase64(row.signature) }),
    ...(row.epochNumber !== null && { epochNumber: Number(row.epochNumber) }),
  };
}

/** Every wrap addressed to the caller, newest first. */
export async function listKeyWraps(core: Core, caller: Caller): Promise<KeyWrap[]> {
  await requireBridgeAccess(core.db, caller.accountId);
  const found = await core.db
    .select(wrapColumns)
    .from(bridgeKeys)
    .where(eq(bridgeKeys.recipientId, caller.accountId))
    .orderBy(desc(bridgeKeys.createdAt), bridgeKeys.epochId);
  return found.map(toKeyWrap);
}

export interface NewKeyWrap {
  recipientId: string;
  epochId: string;
  wrappedKey: Uint8Array;
  signature?: Uint8Array | null;
  epochNumber?: number | null;
}

function requireWholeHandout(input: NewKeyWrap): void {
  const signed = Boolean(input.signature);
  const numbered = input.epochNumber !== null && input.epochNumber !== undefined;
  if (signed === numbered) return;
  const pointer = signed ? "/epochNumber" : "/signature";
  throw invalidRequest([{ pointer, detail: HANDOUT_PAIR_RULE }], HANDOUT_PAIR_RULE);
}

export async function sealKeyToMember(
  core: Core,
  caller: Caller,
  input: NewKeyWrap,
): Promise<KeyWrap> {
  requireWholeHandout(input);
  requireCallerSigned(caller.accountId, [["/signature", input.signature]]);
  await requireBridgeAccess(core.db, caller.accountId);
  const recipientId = input.recipientId.toLowerCase();
  const [recipient] = await core.db
    .select({
      complimentary: accounts.complimentary,
      subscriptionStatus: accounts.subscriptionStatus,
      publicKey: accounts.publicKey,
    })
    .from(accounts)
    .where(eq(accounts.id, recipientId));
  if (!recipient) throw new DomainError("user-not-found", "No account has this id.");
  if (!isPremium(tierOf(recipient)))
    throw bridgeAccessRequired("The recipient has no bridge access.");
  if (!recipient.publicKey)
    throw new DomainError("no-keypair", "The recipient has no sharing public key yet.");
  await core.db
    .insert(bridgeKeys)
    .values({
      recipientId,
      epochId: input.epochId,
      wrappedKey: input.wrappedKey,
      senderId: caller.accountId,
      signature: input.signature ?? null,
      epochNumber: input.epochNumber ?? null,
    })
    .onConflictDoNothing();
  const [stored] = await core.db
    .select(wrapColumns)
    .from(bridgeKeys)
    .where(and(eq(bridgeKeys.recipientId, recipientId), eq(bridgeKeys.epochId, input.epochId)));
  if (!stored) throw new Error("bridge key wrap vanished after insert");
  return toKeyWrap(stored);
}
