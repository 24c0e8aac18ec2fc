// Operator actions (contract.md §10): complimentary tier, counts (accounts, premium
// ones, live notes, sessions) and analytics by day, and the mail and feedback outboxes. Reached only through /ops/v1 with OPERATOR_TOKEN.
import { accounts, analyticsCounters, mailOutbox, rows } from "@notes/db";
import { asc, desc, eq, sql } from "drizzle-orm";
import { LIVE_STATUSES } from "../accounts/tier";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { announce } from "../realtime/announce";
import { parseHandle } from "../shared/identifier";

export async function setComplimentary(
  core: Core,
  handle: string,
  complimentary: boolean,
): Promise<void> {
  const value = parseHandle(handle);
  const updated = value
    ? await core.db
        .update(accounts)
        .set({ complimentary })
        .where(eq(accounts.handle, value))
        .returning({ id: accounts.id })
    : [];
  if (updated.length === 0) throw new DomainError("not-found", `No account with handle ${handle}.`);
  for (const { id } of updated) await announce(core.db, { e: "account", accountId: id });
}

export async function operatorStats(core: Core) {
  const [counts] = await rows<{
    accounts: number;
    premium: number;
    notes: number;
    sessions: number;
  }>(
    core.db,
    sql`select (select count(*)::int from accounts) as accounts,
               (select count(*)::int from accounts
                 where complimentary or subscription_status in (${sql.join(
                   LIVE_STATUSES.map((s) => sql`${s}`),
                   sql`, `,
                 )})) as premium,
               (select count(*)::int from notes where not deleted) as notes,
               (select count(*)::int from sessions) as sessions`,
  );
  const analytics = await core.db
    .select()
    .from(analyticsCounters)
    .orderBy(
      desc(analyticsCounters.day),
      asc(analyticsCounters.kind),
      asc(analyticsCounters.name),
      asc(analyticsCounters.step),
    );
  return { ...counts, analytics };
}

export async function readOutbox(core: Core, limit = 50) {
  const mails = await core.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return mails.map((m) => ({
    id: m.id,
    to: m.recipient,
    subject: m.subject,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** The feedback outbox, newest first: what was relayed, what waits and why. */
export async function readFeedback(core: Core, limit = 100) {
  const found = await rows<{
    id: string;
    category: string;
    message: string;
    created_at: Date | string;
    delivered_at: Date | string | null;
    attempts: number;
    last_error: string | null;
  }>(
    core.db,
    sql`select id, category, message, created_at, delivered_at, attempts, last_error
        from feedback order by created_at desc limit ${limit}`,
  );
  return found.map((f) => ({
    id: f.id,
    category: f.category,
    message: f.message,
    createdAt: new Date(f.created_at).toISOString(),
    deliveredAt: f.delivered_at ? new Date(f.delivered_at).toISOString() : null,
    attempts: f.attempts,
    ...(f.last_error && { lastError: f.last_error }),
  }));
}
