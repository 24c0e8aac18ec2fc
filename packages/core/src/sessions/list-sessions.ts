import { sessions } from "@notes/db";
import { and, desc, eq } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";

export interface SessionView {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The caller's own sessions, newest first. */
export async function listSessions(core: Core, caller: Caller): Promise<SessionView[]> {
  const found = await core.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, caller.accountId), eq(sessions.limited, false)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return found.map((s) => ({
    id: s.id,
    label: s.label,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    current: s.id === caller.sessionId,
  }));
}
