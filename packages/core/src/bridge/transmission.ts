// The transmission record of interface.md §2.7: what is stored, listed, read and
// broadcast. The body is opaque to the server (contract.md §9: 1,024 padded bytes
// sealed under the bridge key, so exactly 1,064 bytes). Beyond §2.7 it names the
// author's handle, as revisions do (`authorHandle`), so members read who spoke
// rather than an account id; reads give the handle the author has now. A signed
// transmission (issue 21, signed content) carries its signature block everywhere
// the record goes, the feed's announcement included (bridge/announce.ts decides
// whether it still fits NOTIFY whole: ~1.4 KB of body and 108 chars of block do).
import { accounts, bridgeMessages, type Queryable } from "@notes/db";
import { eq } from "drizzle-orm";
import { toBase64 } from "../shared/base64";

/** Decoded length of every transmission body (contract.md §6). */
export const TRANSMISSION_BYTES = 1_064;

export interface Transmission {
  seq: number;
  body: string;
  epochId: string;
  createdAt: string;
  authorId?: string;
  authorHandle?: string;
  signature?: string;
}

/** The stored row's own columns (what an insert can return). */
export const transmissionColumns = {
  seq: bridgeMessages.seq,
  body: bridgeMessages.body,
  epochId: bridgeMessages.epochId,
  createdAt: bridgeMessages.createdAt,
  authorId: bridgeMessages.authorId,
  signature: bridgeMessages.signature,
};

/** Transmissions with their author's handle: add `where`, `orderBy`, `limit`. */
export function selectTransmissions(q: Queryable) {
  return q
    .select({ ...transmissionColumns, authorHandle: accounts.handle })
    .from(bridgeMessages)
    .leftJoin(accounts, eq(accounts.id, bridgeMessages.authorId));
}

export function toTransmission(row: {
  seq: number;
  body: Uint8Array;
  epochId: string;
  createdAt: Date;
  authorId: string | null;
  authorHandle?: string | null;
  signature: Uint8Array | null;
}): Transmission {
  return {
    seq: Number(row.seq),
    body: toBase64(row.body),
    epochId: row.epochId,
    createdAt: row.createdAt.toISOString(),
    ...(row.authorId !== null && { authorId: row.authorId }),
    ...(row.authorId !== null && row.authorHandle && { authorHandle: row.authorHandle }),
    ...(row.signature !== null && { signature: toBase64(row.signature) }),
  };
}
