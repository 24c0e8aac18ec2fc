// WebAuthn challenges, bound to their ceremony. Each is 32 random bytes, handed
// out as url-safe Base64 and stored only as the SHA-256 of that text, with its
// ceremony, the account it was issued for (if any) and an expiry 5 minutes on.
// Finishing consumes it with DELETE … RETURNING: of two finishes with the same
// challenge at most one finds it, and a refused attempt uses it up too.
import { randomBytes } from "node:crypto";
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { hashToken } from "../shared/secrets";
import { CHALLENGE_MINUTES } from "./relying-party";

/**
 * enrol: for the account enrolling. sign-in: for the account named by
 * challengePasskey (none for an unknown handle: such a challenge never succeeds).
 * discoverable: beginPasskey, any account's credential.
 */
export type Ceremony = "enrol" | "sign-in" | "discoverable";

export interface IssuedChallenge {
  /** url-safe Base64 without padding, as clientDataJSON carries it. */
  text: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export async function issueChallenge(
  q: Queryable,
  ceremony: Ceremony,
  accountId: string | null,
): Promise<IssuedChallenge> {
  const bytes = new Uint8Array(randomBytes(32));
  const text = Buffer.from(bytes).toString("base64url");
  // Expired challenges (refused anyway) are swept as new ones are issued, a bounded
  // batch at a time, skipping rows another request is already removing.
  await q.execute(
    sql`delete from passkey_challenges where challenge_hash in (
          select challenge_hash from passkey_challenges where expires_at <= now()
          limit 100 for update skip locked)`,
  );
  await q.execute(
    sql`insert into passkey_challenges (challenge_hash, ceremony, account_id, expires_at)
        values (${Buffer.from(hashToken(text))}, ${ceremony}, ${accountId},
                now() + make_interval(mins => ${CHALLENGE_MINUTES}))`,
  );
  return { text, bytes };
}

export interface ConsumedChallenge {
  ceremony: Ceremony;
  accountId: string | null;
}

/** Takes the challenge out of circulation; undefined when unknown, used, expired or of another ceremony. */
export async function consumeChallenge(
  q: Queryable,
  text: string,
  ceremonies: readonly Ceremony[],
): Promise<ConsumedChallenge | undefined> {
  const [row] = await rows<{ ceremony: Ceremony; account_id: string | null; live: boolean }>(
    q,
    sql`delete from passkey_challenges
        where challenge_hash = ${Buffer.from(hashToken(text))}
          and ceremony in (${sql.join(
            ceremonies.map((c) => sql`${c}`),
            sql`, `,
          )})
        returning ceremony, account_id, expires_at > now() as live`,
  );
  if (!row?.live) return undefined;
  return { ceremony: row.ceremony, accountId: row.account_id ?? null };
}

/** The challenge a credential answers, read from its clientDataJSON; undefined if unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 128
      ? challenge
      : undefined;
  } catch {
    return undefined;
  }
}
