import { sessions } from "@notes/db";
import { and, eq } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import type { Caller } from "../types";

/** Revokes one of the caller's own sessions; another account's id is "not found". */
export async function revokeSession(core: Core, caller: Caller, sessionId: string): Promise<void> {
  const deleted = await core.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, caller.accountId)))
    .returning({ id: sessions.id });
  if (deleted.length === 0) throw new DomainError("not-found", "No such session.");
  core.sessionCache?.forgetSession(sessionId);
}

export async function signOut(core: Core, caller: Caller): Promise<void> {
  await core.db.delete(sessions).where(eq(sessions.id, caller.sessionId));
  core.sessionCache?.forgetSession(caller.sessionId);
}
