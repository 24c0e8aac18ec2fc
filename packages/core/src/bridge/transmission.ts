// The transmission record of interface.md §2.7: what is stored, listed, read and
// broadcast. The body is opaque to the server (contract.md §9: 1,024 padded bytes
// sealed under the bridge key, so exactly 1,064 bytes).
import { bridgeMessages } from "@notes/db";
import { toBase64 } from "../shared/base64";

/** Decoded length of every transmission body (contract.md §6). */
export const TRANSMISSION_BYTES = 1_064;

export interface Transmission {
  seq: number;
  body: string;
  epochId: string;
  createdAt: string;
  authorId?: string;
}

export const transmissionColumns = {
  seq: bridgeMessages.seq,
  body: bridgeMessages.body,
  epochId: bridgeMessages.epochId,
  createdAt: bridgeMessages.createdAt,
  authorId: bridgeMessages.authorId,
};

export function toTransmission(row: {
  seq: number;
  body: Uint8Array;
  epochId: string;
  createdAt: Date;
  authorId: string | null;
}): Transmission {
  return {
    seq: Number(row.seq),
    body: toBase64(row.body),
    epochId: row.epochId,
    createdAt: row.createdAt.toISOString(),
    ...(row.authorId !== null && { authorId: row.authorId }),
  };
}
