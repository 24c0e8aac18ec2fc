import { accounts, type Queryable } from "@notes/db";
import { eq } from "drizzle-orm";
import { DomainError } from "../errors";
import type { Identifier } from "../shared/identifier";

export async function findByIdentifier(q: Queryable, identifier: Identifier) {
  const column = identifier.kind === "handle" ? accounts.handle : accounts.email;
  const [row] = await q.select().from(accounts).where(eq(column, identifier.value)).limit(1);
  return row;
}

export async function getAccountRow(q: Queryable, accountId: string) {
  const [row] = await q.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  // A live session whose account vanished mid-request: treat as signed out.
  if (!row) throw new DomainError("no-session", "The account no longer exists.");
  return row;
}
