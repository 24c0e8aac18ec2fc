// The owning device reads its handshake, and once a claimer is there puts the
// sealed payload (offered → sealed). The seal can be read back, without a
// session, only while the link is sealed and alive.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { toBase64 } from "../shared/base64";
import { sameBytes } from "../shared/bytes";
import type { Caller } from "../types";
import { handshakeState, type LinkStatus, noSuchHandshake, notSealed, readLink } from "./link-rows";

export interface HandshakeStatus {
  status: LinkStatus;
  claimerPubKey?: string;
  claimerProof?: string;
  claimerLabel?: string;
}

export interface Seal {
  sealerPubKey: Uint8Array;
  sealed: Uint8Array;
}

/** The owner's own handshake; anyone else, or after expiry, "no such handshake". */
export async function readHandshake(
  core: Core,
  caller: Caller,
  linkId: string,
): Promise<HandshakeStatus> {
  const link = await readLink(core.db, linkId);
  if (!link || link.accountId !== caller.accountId || link.expired) throw noSuchHandshake();
  return {
    status: link.status,
    ...(link.claimerPubKey && { claimerPubKey: toBase64(link.claimerPubKey) }),
    ...(link.claimerProof && { claimerProof: toBase64(link.claimerProof) }),
    ...(link.claimerLabel && { claimerLabel: link.claimerLabel }),
  };
}

export async function putSeal(core: Core, caller: Caller, linkId: string, seal: Seal) {
  const id = linkId.toLowerCase();
  const [moved] = await rows<{ id: string }>(
    core.db,
    sql`update device_links
        set status = 'sealed', sealer_pub_key = ${Buffer.from(seal.sealerPubKey)},
            sealed = ${Buffer.from(seal.sealed)}
        where id = ${id} and account_id = ${caller.accountId} and status = 'offered'
          and expires_at > now()
        returning id`,
  );
  if (moved) return;
  const link = await readLink(core.db, id);
  if (!link || link.accountId !== caller.accountId) throw noSuchHandshake();
  if (link.expired) throw handshakeState("The device link has expired.");
  const same =
    sameBytes(link.sealerPubKey, seal.sealerPubKey) && sameBytes(link.sealed, seal.sealed);
  if (link.status === "sealed" && same) return;
  throw handshakeState(
    link.status === "pending"
      ? "No device has answered the link yet."
      : "The link is already sealed.",
  );
}

export async function readSeal(
  core: Core,
  linkId: string,
): Promise<{ sealerPubKey: string; sealed: string }> {
  const link = await readLink(core.db, linkId);
  if (!link || link.expired || link.status !== "sealed" || !link.sealed || !link.sealerPubKey)
    throw notSealed();
  return { sealerPubKey: toBase64(link.sealerPubKey), sealed: toBase64(link.sealed) };
}
