// E-mail verification: a single-use token, valid 24 hours, delivered by mail and
// bound to the address it was sent to (changing the address voids it).
import { accounts, emailTokens } from "@notes/db";
import { and, eq, gt } from "drizzle-orm";
import type { Caller, Core } from "../core";
import { invalidRequest } from "../errors";
import { announce } from "../realtime/announce";
import { hashToken, newToken } from "../shared/secrets";
import { type AccountView, accountEtag, accountView } from "./account-view";
import { getAccountRow } from "./find-account";

const LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function sendVerificationEmail(core: Core, caller: Caller): Promise<void> {
  const row = await getAccountRow(core.db, caller.accountId);
  if (!row.email) {
    throw invalidRequest([], "The account has no e-mail address to verify; add one first.");
  }
  const { token, hash } = newToken();
  await core.db.insert(emailTokens).values({
    tokenHash: hash,
    accountId: row.id,
    email: row.email,
    expiresAt: new Date(Date.now() + LIFETIME_MS),
  });
  const link = `${core.config.publicUrl}/verify-email?token=${token}`;
  await core.mailer.send({
    to: row.email,
    subject: "Confirm your e-mail address",
    text: `Confirm this address for your notes account:\n\n${link}\n\nOr paste this code into the app: ${token}\n\nThe link works once, for 24 hours.`,
  });
}

export async function verifyEmail(
  core: Core,
  caller: Caller,
  token: string,
): Promise<{ account: AccountView; etag: string }> {
  return core.db.transaction(async (tx) => {
    const [used] = await tx
      .delete(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.accountId, caller.accountId),
          gt(emailTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    const row = await getAccountRow(tx, caller.accountId);
    if (!used || used.email !== row.email) {
      throw invalidRequest([
        { pointer: "/token", detail: "The token is unknown, used or expired." },
      ]);
    }
    const [updated] = await tx
      .update(accounts)
      .set({ emailVerified: true })
      .where(eq(accounts.id, row.id))
      .returning();
    await announce(tx, { e: "account", accountId: row.id });
    const account = accountView(updated ?? row);
    return { account, etag: accountEtag(account) };
  });
}
