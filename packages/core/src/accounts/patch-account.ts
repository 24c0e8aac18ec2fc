// JSON merge patch of handle, e-mail and discovery, held to the ETag the client
// read (If-Match). The check and the write happen under one row lock.
//
// A new address only becomes pending (`pendingEmail`): the account keeps its
// current one until the new one is verified (verify-email.ts). So the answer is the
// same whether someone else holds the address or not (no probing which addresses
// have accounts), and asking for an address never keeps its owner from signing up
// with it. Naming an address is rate-limited per account. Removing the e-mail
// clears its verification and discoverability, and any pending address.
import { accounts } from "@notes/db";
import { eq } from "drizzle-orm";
import type { Core } from "../core";
import {
  type FieldError,
  identifierTaken,
  invalidRequest,
  preconditionFailed,
  preconditionRequired,
} from "../errors";
import { announce } from "../realtime/announce";
import { parseEmail, parseHandle } from "../shared/identifier";
import { enforce } from "../shared/rate-limit";
import { isUniqueViolation } from "../shared/unique-violation";
import type { Caller } from "../types";
import { type AccountView, accountEtag, accountView } from "./account-view";

export interface AccountPatch {
  handle?: string | null;
  email?: string | null;
  discoverableByEmail?: boolean;
}

function validate(patch: AccountPatch): { handle?: string | null; email?: string | null } {
  const errors: FieldError[] = [];
  const out: { handle?: string | null; email?: string | null } = {};
  if (patch.handle !== undefined) {
    out.handle = patch.handle === null ? null : parseHandle(patch.handle);
    if (out.handle === undefined) {
      errors.push({
        pointer: "/handle",
        detail: "A handle is 3–32 letters, digits or underscores.",
      });
    }
  }
  if (patch.email !== undefined) {
    out.email = patch.email === null ? null : parseEmail(patch.email);
    if (out.email === undefined)
      errors.push({ pointer: "/email", detail: "Not an e-mail address." });
  }
  if (errors.length > 0) throw invalidRequest(errors);
  return out;
}

export async function patchAccount(
  core: Core,
  caller: Caller,
  ifMatch: string | null,
  patch: AccountPatch,
): Promise<{ account: AccountView; etag: string }> {
  if (ifMatch === null) throw preconditionRequired();
  const fields = validate(patch);
  if (fields.email)
    await enforce(
      core,
      `email-change:${caller.accountId}`,
      core.config.limits.emailChangePerAccount,
    );
  try {
    return await core.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accounts)
        .where(eq(accounts.id, caller.accountId))
        .for("update");
      if (!row) throw preconditionFailed();
      const current = accountView(row);
      const etag = accountEtag(current);
      if (ifMatch !== "*" && !ifMatch.split(/\s*,\s*/).includes(etag)) throw preconditionFailed();

      const next = { ...row, ...(fields.handle !== undefined && { handle: fields.handle }) };
      if (fields.email === null) {
        Object.assign(next, {
          email: null,
          pendingEmail: null,
          emailVerified: false,
          discoverableByEmail: false,
        });
      } else if (fields.email !== undefined) {
        // Asking for the current address again withdraws a pending change.
        next.pendingEmail = fields.email === row.email ? null : fields.email;
      }
      if (patch.discoverableByEmail !== undefined) {
        if (patch.discoverableByEmail && !(next.email && next.emailVerified)) {
          throw invalidRequest([
            {
              pointer: "/discoverableByEmail",
              detail: "Discovery by e-mail needs a verified e-mail address.",
            },
          ]);
        }
        next.discoverableByEmail = patch.discoverableByEmail;
      }
      if (next.handle === null && next.email === null) {
        throw invalidRequest([
          {
            pointer: "",
            detail: "An account keeps at least one of handle and e-mail to sign in with.",
          },
        ]);
      }
      const [updated] = await tx
        .update(accounts)
        .set({
          handle: next.handle,
          email: next.email,
          pendingEmail: next.pendingEmail,
          emailVerified: next.emailVerified,
          discoverableByEmail: next.discoverableByEmail,
        })
        .where(eq(accounts.id, row.id))
        .returning();
      await announce(tx, { e: "account", accountId: row.id });
      const account = accountView(updated ?? next);
      return { account, etag: accountEtag(account) };
    });
  } catch (error) {
    // Only a handle can collide here: an address waits in pendingEmail.
    if (isUniqueViolation(error)) throw identifierTaken("That handle is already in use.");
    throw error;
  }
}
