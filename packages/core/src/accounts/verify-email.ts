// Confirms an address with a delivered token (send-verification-email.ts). For the
// account's own address it marks it verified. For a pending one it becomes the
// account's address (verified; discoverability, given for the old one, is cleared),
// unless another account took it meanwhile: then the pending address is dropped,
// the token is spent, the account keeps its address, and the answer is 409
// identifier-taken. Only whoever holds the token, the mailbox's owner, learns that.
import { accounts, emailTokens, type Queryable } from "@notes/db";
import { and, eq, gt } from "drizzle-orm";
import type { Core } from "../core";
import { identifierTaken, invalidRequest } from "../errors";
import { announce } from "../realtime/announce";
import { hashToken } from "../shared/secrets";
import { isUniqueViolation } from "../shared/unique-violation";
import type { Caller } from "../types";
import { type AccountView, accountEtag, accountView } from "./account-view";
import { findByIdentifier } from "./find-account";

const addressTaken = () =>
  identifierTaken(
    "That address now belongs to another account; this account keeps its current address.",
  );

export async function verifyEmail(
  core: Core,
  caller: Caller,
  token: string,
): Promise<{ account: AccountView; etag: string }> {
  try {
    const outcome = await core.db.transaction(async (tx) => {
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
      const [row] = await tx
        .select()
        .from(accounts)
        .where(eq(accounts.id, caller.accountId))
        .for("update");
      if (!row || !used || (used.email !== row.email && used.email !== row.pendingEmail)) {
        throw invalidRequest([
          { pointer: "/token", detail: "The token is unknown, used or expired." },
        ]);
      }
      const swap = used.email !== row.email;
      if (swap && (await takenByAnother(tx, used.email, row.id))) {
        await tx.update(accounts).set({ pendingEmail: null }).where(eq(accounts.id, row.id));
        await announce(tx, { e: "account", accountId: row.id });
        return "taken" as const;
      }
      const [updated] = await tx
        .update(accounts)
        .set(
          swap
            ? {
                email: used.email,
                pendingEmail: null,
                emailVerified: true,
                discoverableByEmail: false,
              }
            : { emailVerified: true },
        )
        .where(eq(accounts.id, row.id))
        .returning();
      await announce(tx, { e: "account", accountId: row.id });
      const account = accountView(updated ?? row);
      return { account, etag: accountEtag(account) };
    });
    // Thrown after the commit, so the spent token and the dropped address stay so.
    if (outcome === "taken") throw addressTaken();
    return outcome;
  } catch (error) {
    // Taken by a sign-up that committed between the check and the swap.
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
}

async function takenByAnother(q: Queryable, email: string, accountId: string) {
  const holder = await findByIdentifier(q, { kind: "email", value: email });
  return holder !== undefined && holder.id !== accountId;
}
