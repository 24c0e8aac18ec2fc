// The new device puts its ephemeral public key and QR proof (no session: it has
// none yet). pending → offered, once: of racing claimers one wins, the others get
// 409; the same key and proof again change nothing. The claimer's User-Agent gives
// the label the owner sees before sealing (like a session's label).
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { sameBytes } from "../shared/bytes";
import { sessionLabel } from "../shared/user-agent";
import type { RequestMeta } from "../types";
import { handshakeState, noSuchHandshake, readLink } from "./link-rows";

export interface ClaimerKey {
  claimerPubKey: Uint8Array;
  claimerProof: Uint8Array;
}

export async function putClaimer(
  core: Core,
  linkId: string,
  input: ClaimerKey,
  meta: RequestMeta,
): Promise<void> {
  const id = linkId.toLowerCase();
  const [moved] = await rows<{ id: string }>(
    core.db,
    sql`update device_links
        set status = 'offered', claimer_pub_key = ${Buffer.from(input.claimerPubKey)},
            claimer_proof = ${Buffer.from(input.claimerProof)},
            claimer_label = ${sessionLabel(meta.userAgent)}
        where id = ${id} and status = 'pending' and expires_at > now()
        returning id`,
  );
  if (moved) return;
  const link = await readLink(core.db, id);
  if (!link) throw noSuchHandshake();
  if (link.expired) throw handshakeState("The device link has expired.");
  const same =
    sameBytes(link.claimerPubKey, input.claimerPubKey) &&
    sameBytes(link.claimerProof, input.claimerProof);
  if (same && (link.status === "offered" || link.status === "sealed")) return;
  throw handshakeState("Another device already answered this link.");
}
