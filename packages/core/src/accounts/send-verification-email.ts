// Mails a single-use token, valid 24 hours, to the address awaiting verification:
// the pending one (patch-account.ts) if any, else the account's own. The token is
// bound to that address, so asking for another one voids it.
//
// A pending address that already belongs to another account gets a notice instead
// of a token, and the caller the same 202: only the mailbox's owner learns that the
// address is taken, never the account that typed it.
import { emailTokens } from "@notes/db";
import type { Core } from "../core";
import { invalidRequest } from "../errors";
import { enforce } from "../shared/rate-limit";
import { newToken } from "../shared/secrets";
import type { Caller } from "../types";
import { findByIdentifier, getAccountRow } from "./find-account";

const LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function sendVerificationEmail(core: Core, caller: Caller): Promise<void> {
  const row = await getAccountRow(core.db, caller.accountId);
  const address = row.pendingEmail ?? row.email;
  if (!address) {
    throw invalidRequest([], "The account has no e-mail address to verify; add one first.");
  }
  await enforce(
    core,
    `verify-mail:${caller.accountId}`,
    core.config.limits.verificationMailPerAccount,
  );
  if (row.pendingEmail !== null) {
    const holder = await findByIdentifier(core.db, { kind: "email", value: address });
    if (holder && holder.id !== row.id) {
      await core.mailer.send({
        to: address,
        subject: "This address already has a notes account",
        text: "Someone asked to add this address to a notes account, but it already belongs to one. If that was you, sign in with this address instead. Otherwise you can ignore this mail: nothing was changed.",
      });
      return;
    }
  }
  const { token, hash } = newToken();
  await core.db.insert(emailTokens).values({
    tokenHash: hash,
    accountId: row.id,
    email: address,
    expiresAt: new Date(Date.now() + LIFETIME_MS),
  });
  const link = `${core.config.publicUrl}/verify-email?token=${token}`;
  await core.mailer.send({
    to: address,
    subject: "Confirm your e-mail address",
    text: `Confirm this address for your notes account:\n\n${link}\n\nOr paste this code into the app: ${token}\n\nThe link works once, for 24 hours.`,
  });
}
