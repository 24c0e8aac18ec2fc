// Shared pieces of the device-link handshake (contract.md §3, §4): lifetime, the
// stored row, and the errors of interface.md §7.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { DomainError } from "../errors";

export const LINK_MINUTES = 10;

export type LinkStatus = "pending" | "offered" | "sealed" | "claimed";

export interface LinkRow {
  id: string;
  accountId: string;
  sessionId: string;
  status: LinkStatus;
  claimerPubKey: Uint8Array | null;
  claimerProof: Uint8Array | null;
  claimerLabel: string | null;
  sealerPubKey: Uint8Array | null;
  sealed: Uint8Array | null;
  expired: boolean;
}

export const noSuchHandshake = () =>
  new DomainError("no-such-handshake", "No such device link for this account.");
export const handshakeState = (detail: string) => new DomainError("handshake-state", detail);
export const notSealed = () =>
  new DomainError("not-sealed", "The link is not sealed yet, or it has expired or been claimed.");

export async function readLink(q: Queryable, id: string): Promise<LinkRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    q,
    sql`select id, account_id, session_id, status, claimer_pub_key, claimer_proof,
               claimer_label, sealer_pub_key, sealed, expires_at <= now() as expired
        from device_links where id = ${id.toLowerCase()}`,
  );
  if (!row) return undefined;
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    sessionId: String(row.session_id),
    status: row.status as LinkStatus,
    claimerPubKey: (row.claimer_pub_key as Uint8Array | null) ?? null,
    claimerProof: (row.claimer_proof as Uint8Array | null) ?? null,
    claimerLabel: (row.claimer_label as string | null) ?? null,
    sealerPubKey: (row.sealer_pub_key as Uint8Array | null) ?? null,
    sealed: (row.sealed as Uint8Array | null) ?? null,
    expired: Boolean(row.expired),
  };
}
