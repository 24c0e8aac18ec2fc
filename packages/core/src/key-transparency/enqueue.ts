// A publication of an account's keys (PUT /keypair, PUT /keypair/signing-key) puts the
// account in the next epoch: the epoch job compares its keys with its last binding. A
// new entry of a note's signed roster chain puts the note there: the job logs its head.
// A stored copy of the account's sealed seen heads puts the account there: the job logs
// its counter and digest.
import { ktPending, ktRosterPending, ktSeenPending, type Queryable } from "@notes/db";

let enqueued = 0;
/**
 * How many times this process has put something in the next epoch: the epoch job looks at
 * once when it moved, and otherwise for other instances' work once an epoch (epoch-job.ts).
 */
export const enqueueCount = (): number => enqueued;

export async function enqueueBinding(db: Queryable, accountId: string): Promise<void> {
  enqueued++;
  await db.insert(ktPending).values({ accountId }).onConflictDoNothing();
}

/** A stored roster-chain entry puts its note in the next epoch, which logs the chain's head. */
export async function enqueueRoster(db: Queryable, noteId: string): Promise<void> {
  enqueued++;
  await db.insert(ktRosterPending).values({ noteId }).onConflictDoNothing();
}

/** A stored copy of the account's seen heads puts it in the next epoch, which logs the copy. */
export async function enqueueSeenHeads(db: Queryable, accountId: string): Promise<void> {
  enqueued++;
  await db.insert(ktSeenPending).values({ accountId }).onConflictDoNothing();
}
