// Stores a feedback message in the durable outbox (the relay delivers it) once
// the allowance has room. The count and the insert run under a lock on the
// author's account row, so parallel submissions cannot overshoot the allowance.
import { randomUUID } from "node:crypto";
import { feedback } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import type { Caller } from "../types";
import { feedbackAllowance } from "./allowance";

export type FeedbackCategory = "bug" | "idea" | "other";

export async function submitFeedback(
  core: Core,
  caller: Caller,
  input: { message: string; category?: FeedbackCategory | null },
): Promise<void> {
  await core.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from accounts where id = ${caller.accountId} for no key update`);
    const allowance = await feedbackAllowance(tx, caller);
    if (allowance.remaining === 0) {
      const frees = allowance.nextFreesAt ? Date.parse(allowance.nextFreesAt) : Date.now();
      throw new DomainError(
        "feedback-allowance",
        `The yearly allowance of ${allowance.limit} messages is used; the next frees on ${allowance.nextFreesAt}.`,
        { retryAfter: Math.max(1, Math.ceil((frees - Date.now()) / 1000)) },
      );
    }
    await tx.insert(feedback).values({
      id: randomUUID(),
      accountId: caller.accountId,
      category: input.category ?? "other",
      message: input.message,
    });
  });
  core.feedbackRelay?.wake();
}
