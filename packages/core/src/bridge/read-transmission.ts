// One transmission by its place in the log (contract.md §3).
import { bridgeMessages } from "@notes/db";
import { eq } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import type { Caller } from "../types";
import { requireBridgeAccess } from "./access";
import { selectTransmissions, type Transmission, toTransmission } from "./transmission";

export async function readTransmission(
  core: Core,
  caller: Caller,
  seq: number,
): Promise<Transmission> {
  await requireBridgeAccess(core.db, caller.accountId);
  const [row] = await selectTransmissions(core.db).where(eq(bridgeMessages.seq, seq));
  if (!row) throw new DomainError("not-found", "No transmission has this seq.");
  return toTransmission(row);
}
